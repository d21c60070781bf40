import ArgumentParser

/// The `drawingboard` command: the composition root. With no subcommand it opens the window;
/// `drawingboard render` replays a drawing script headless.
@main
struct DrawingBoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drawingboard",
        abstract: "A drawing board for the Linux desktop.",
        discussion: """
            With no subcommand, opens the drawing window. drawingboard render replays a drawing \
            script (see the README's "Drawing scripts") without a display and writes the picture.
            """,
        version: "0.1.0",
        subcommands: [WindowCommand.self, RenderCommand.self],
        defaultSubcommand: WindowCommand.self)
}
