import ArgumentParser
import CSystem
import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardPlatform
import DrawingBoardRender
import Foundation

/// `drawingboard render SCRIPT.json --output OUT.png`: replays a drawing script headless.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Replay a drawing script without a display and write the picture.",
        discussion: """
            Exit status 0 on success. A bad script, image or output path prints one line on \
            standard error naming the problem and where, exits with status 2, and writes no file.
            """)

    /// Scripts larger than this are refused before parsing.
    static let maxScriptBytes = 64 << 20

    @Argument(help: "The drawing script (JSON, format version 1), or - for standard input.")
    var script: String

    @Option(name: .shortAndLong, help: "Where to write: a picture (.png, .jpg, .webp, .svg), every page (.pdf) or the document (.ora).")
    var output: String

    @Option(help: "The page a picture shows (1 is the first; default: the page the script ends on).")
    var page: Int?

    @Option(help: "Draw the picture (.png, .jpg, .webp) at this scale, 0.1 to 16, from the page's vectors (default 1).")
    var scale: Double?

    func run() throws {
        // A process that decodes, draws and writes one document: buffers of 256 KB and more are
        // given back to the system as soon as they are freed, so the pictures and files made
        // one after another (the document's bytes, its strokes, a layer decoded, the page
        // drawn) never add up in the process's memory.
        mallopt(M_MMAP_THRESHOLD, 256 << 10)
        mallopt(M_TRIM_THRESHOLD, 256 << 10)
        do {
            try render()
        } catch {
            var stderr = StandardError()
            print("drawingboard: \(error.message.escapingControlCharacters)", to: &stderr)
            throw ExitCode(2)
        }
    }

    struct Failure: Error {
        var message: String
    }

    private func render() throws(Failure) {
        let outputURL = URL(fileURLWithPath: output)
        let format = outputURL.pathExtension.lowercased()
        guard ["png", "jpg", "jpeg", "webp", "ora", "svg", "pdf"].contains(format) else {
            throw Failure(message: "\(output): unknown output format \"\(outputURL.pathExtension)\"; use .png, .jpg, .webp, .svg, .pdf or .ora")
        }
        if let page, page < 1 { throw Failure(message: "--page: \(page) is not a page number (pages count from 1)") }
        // Scale 1 is the picture as it always was; another is drawn again from the vectors.
        let scaled = try checkedScale(format: format)
        let folder = outputURL.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            let given = (output as NSString).deletingLastPathComponent
            throw Failure(message: "\(output): the folder \(given.isEmpty ? "." : given) does not exist")
        }

        let (data, base, name) = try readScript()
        let parsed: DrawingScript
        do {
            parsed = try ScriptParser.parse(data)
        } catch {
            throw Failure(message: "\(name): \(error)")
        }
        do {
            let decoder = SDLImageDecoder(svg: SVGImage.decodeFile)
            AssetStore.decoder = decoder
            // This process draws one page and exits: a plain page's PNG is its ink layer.
            Editor.drawsBackgroundsWhenAsked = true
            if format == "png", scaled == nil, parsed.steps.isEmpty, parsed.pdf == nil, let open = parsed.open {
                let url = open.hasPrefix("/") ? URL(fileURLWithPath: open) : base.appendingPathComponent(open)
                if XournalImport.isNotebook(url.path) {
                    // Another app's notebook, one page of it: drawn while the rest is read.
                    try AtomicFile.write(try EarlyPagePicture.render(url, page: page ?? 1, decoder: decoder), toPath: output)
                    return
                }
            }
            let runner = ScriptRunner(decoder: decoder, openDocument: { url in try DocumentReader.read(url, decoder: decoder) }, stickers: StickerLibrary.installed())
            let opened = try runner.opened(parsed, baseDirectory: base)
            if format == "pdf", page == nil, scaled == nil, let opened, let pages = try ScriptRunner.pagesOnly(parsed, opened) {
                // A document only opened and written as a PDF: from its pages' models, without
                // an editor painting its first page to pixels nobody looks at.
                mallopt(M_MMAP_THRESHOLD, 4 << 20)
                try AtomicFile.write(toPath: output) { (write: (UnsafeRawBufferPointer) -> Bool) throws(RenderError) in
                    try VectorExport.exportNotebook(pages, to: write)
                }
                return
            }
            let editor = try runner.run(parsed, baseDirectory: base, opened: opened)
            if let page {
                guard page <= editor.pages.count else {
                    throw Failure(message: "--page: there is no page \(page); the notebook has \(editor.pages.count) page\(editor.pages.count == 1 ? "" : "s")")
                }
                try editor.pages.show(page - 1)
            }
            // From here, the buffers of the file being written are made and freed over and over
            // (each page's compressor): kept by the allocator, not handed back each time.
            mallopt(M_MMAP_THRESHOLD, 4 << 20)
            if let scaled {
                try writeScaled(try editor.picture(atScale: scaled), format: format)
                return
            }
            if format == "pdf" {
                // Written to the file page by page: no copy of the whole PDF in memory.
                try AtomicFile.write(toPath: output) { (write: (UnsafeRawBufferPointer) -> Bool) throws(RenderError) in
                    try VectorExport.exportNotebook(editor, to: write)
                }
                return
            }
            let bytes: Data
            switch format {
            case "ora": bytes = try OpenRaster.encode(notebook: editor.pages.notebook)
            case "svg": bytes = try VectorExport.export(editor.image, as: .svg)
            case "jpg", "jpeg": bytes = Data(try SDLImageEncoder().encode(try editor.image.flattened(), as: .jpeg))
            case "webp": bytes = Data(try SDLImageEncoder().encode(try editor.image.flattened(), as: .webp))
            default: bytes = try editor.image.pngDataFlatteningInPlace()
            }
            if let failure = Editor.unpaintedBackground { throw failure }
            try AtomicFile.write(bytes, toPath: output)
        } catch let error as Failure {
            throw error
        } catch let error as ScriptError {
            throw Failure(message: "\(name): \(error)")
        } catch {
            throw Failure(message: "\(error)")
        }
    }

    /// The scale asked for, if not 1; a scale outside 0.1...16, or for a file that is not a
    /// picture, is refused before anything is read.
    private func checkedScale(format: String) throws(Failure) -> Double? {
        guard let scale else { return nil }
        let range = ScaledPicture.scaleRange
        guard scale.isFinite, range.contains(scale) else {
            throw Failure(message: "--scale: \(JSONValue.format(scale)) is outside \(JSONValue.format(range.lowerBound))...\(JSONValue.format(range.upperBound))")
        }
        guard ["png", "jpg", "jpeg", "webp"].contains(format) else {
            throw Failure(message: "--scale: a .\(format) file is \(format == "ora" ? "the document itself" : "vectors"), drawn at no scale; --scale is for .png, .jpg and .webp pictures")
        }
        return scale == 1 ? nil : scale
    }

    /// Writes the page drawn at a scale: a PNG straight into the file, a piece at a time; a
    /// JPEG or WebP encoded from the picture's own buffer.
    private func writeScaled(_ picture: ScaledPicture, format: String) throws {
        if let failure = Editor.unpaintedBackground { throw failure }
        if format == "png" {
            try AtomicFile.write(toPath: output) { (write: (UnsafeRawBufferPointer) -> Bool) throws(RenderError) in
                try picture.writePNG(write)
            }
            return
        }
        let bytes = try picture.consumeAsBytes(alpha: format == "webp") { pixels, size in
            try SDLImageEncoder().encode(pixels, size: size, as: format == "webp" ? .webp : .jpeg)
        }
        try AtomicFile.write(Data(bytes), toPath: output)
    }

    private func readScript() throws(Failure) -> (Data, URL, String) {
        if script == "-" {
            do {
                let data = try RegularFile.read(handle: .standardInput, limit: Self.maxScriptBytes, noun: "script")
                return (data, URL(fileURLWithPath: FileManager.default.currentDirectoryPath), "<stdin>")
            } catch {
                throw Failure(message: "<stdin>: \(error.message)")
            }
        }
        do {
            let data = try RegularFile.read(script, limit: Self.maxScriptBytes, noun: "script")
            return (data, URL(fileURLWithPath: script).deletingLastPathComponent(), script)
        } catch {
            throw Failure(message: "\(script): \(error.message)")
        }
    }
}

/// Standard error as a `TextOutputStream`.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
