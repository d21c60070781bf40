import ArgumentParser
import DrawingBoardUI
#if canImport(Glibc)
import Glibc
#endif

/// The `drawingboard` command: the composition root. With no subcommand it opens the window;
/// `drawingboard render` replays a drawing script headless.
@main
struct DrawingBoardCommand: ParsableCommand {
    static func main() {
        // A write past a file-size limit must fail with a message (EFBIG), not kill the app
        // before it can say so or keep the old file.
        signal(SIGXFSZ, SIG_IGN)
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "drawingboard",
        abstract: "A drawing board for the Linux desktop.",
        discussion: """
            With no subcommand, opens the drawing window. drawingboard render replays a drawing \
            script (see docs/scripts.md) without a display and writes the picture.
            """,
        version: AppInfo.version,
        subcommands: [WindowCommand.self, RenderCommand.self, FindCommand.self, StickersCommand.self],
        defaultSubcommand: WindowCommand.self)
}
