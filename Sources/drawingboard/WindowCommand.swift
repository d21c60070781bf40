import ArgumentParser
import DrawingBoardApp
import DrawingBoardCore
import DrawingBoardUI
import Foundation

/// `drawingboard` with no subcommand: opens the drawing window.
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open the drawing window (what `drawingboard` does with no subcommand).",
        discussion: """
            Runs natively on X11 and on Wayland (set SDL_VIDEODRIVER=wayland to choose Wayland \
            when both are available).
            """)

    @Argument(help: "A drawing (.ora) to open, or an image to draw on.")
    var file: String?

    @Option(name: .customLong("save-to"), help: "The document (.ora) Ctrl+S writes (otherwise asked the first time).")
    var saveTo: String?

    @Option(name: .customLong("export-to"), help: "The copy Ctrl+E writes: .png, .jpg, .webp, .svg or .pdf (otherwise asked the first time).")
    var exportTo: String?

    @Option(help: "Window size in logical pixels, as WIDTHxHEIGHT (otherwise the last size used).")
    var size: String?

    /// The smallest window asked for (the window's own minimum, 640x480, shrinks to a small
    /// screen) and the largest.
    static let smallest = PixelSize(width: 320, height: 240)
    static let largest = 16384

    /// `--size`'s value, checked: its form, then its range, each with its own message.
    static func windowSize(_ text: String) throws -> PixelSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1] else {
            throw ValidationError("--size must be WIDTHxHEIGHT, e.g. 1024x700 (it was \"\(text.prefix(40))\")")
        }
        guard (smallest.width...largest).contains(width), (smallest.height...largest).contains(height) else {
            throw ValidationError("--size \(width)x\(height) is outside the sizes a window can have, \(smallest.width)x\(smallest.height) to \(largest)x\(largest)")
        }
        return PixelSize(width: width, height: height)
    }

    func run() throws {
        let settings = AppSettings.load()
        var windowSize = PixelSize(width: settings.windowWidth, height: settings.windowHeight)
        if let size {
            windowSize = try Self.windowSize(size)
        }
        if let saveTo, URL(fileURLWithPath: saveTo).pathExtension.lowercased() != "ora" {
            throw ValidationError("--save-to names the document, which is an .ora file; for a copy in another format use --export-to \(saveTo)")
        }
        if let exportTo, ExportFormat(pathExtension: URL(fileURLWithPath: exportTo).pathExtension) == nil {
            throw ValidationError("--export-to must end in .png, .jpg, .webp, .svg or .pdf")
        }
        let savePath = saveTo.map { URL(fileURLWithPath: $0).path }
        let runner: AppRunner
        do {
            runner = try AppRunner(windowSize: windowSize, savePath: savePath, exportPath: exportTo.map { URL(fileURLWithPath: $0).path },
                                   settings: settings,
                                   open: file.map { URL(fileURLWithPath: $0).path })
        } catch {
            var stderr = StandardError()
            print("drawingboard: cannot open the window: \(error)", to: &stderr)
            throw ExitCode(1)
        }
        let finalSize = runner.run()
        // The rest was written as it changed; the window's size is written at the end.
        var final = runner.settings
        final.windowWidth = finalSize.width
        final.windowHeight = finalSize.height
        try? final.save()
    }
}
