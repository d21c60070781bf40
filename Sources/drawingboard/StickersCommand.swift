import ArgumentParser
import DrawingBoardFiles
import DrawingBoardUI
import Foundation

/// `drawingboard stickers`: the names `place` and the Stickers panel know, one per line.
struct StickersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stickers",
        abstract: "List the stickers' names (the app's own set, then the user's own).",
        discussion: "The user's own stickers are the PNG and SVG files in $XDG_DATA_HOME/drawingboard/stickers.")

    func run() throws {
        let library = StickerLibrary.installed()
        for entry in library.entries { print(entry.name) }
        var stderr = StandardError()
        for problem in library.problems { print("drawingboard: \(problem)", to: &stderr) }
    }
}

extension StickerLibrary {
    /// The app's set (found beside the binary) and the user's folder.
    static func installed() -> StickerLibrary {
        let assets = AssetLocator.assets(executable: URL(fileURLWithPath: "/proc/self/exe"))
        return StickerLibrary(builtIn: assets?.appendingPathComponent("stickers"), user: StickerLibrary.userFolder())
    }
}
