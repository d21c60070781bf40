import ArgumentParser

/// The `drawingboard` command: the composition root. The window comes with the desktop issue;
/// until then the command offers the headless renderer.
@main
struct DrawingBoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drawingboard",
        abstract: "A drawing board for the Linux desktop.",
        discussion: """
            drawingboard render replays a drawing script (see the README's "Drawing scripts") \
            without a display and writes the picture as a PNG.
            """,
        version: "0.1.0",
        subcommands: [RenderCommand.self])
}
