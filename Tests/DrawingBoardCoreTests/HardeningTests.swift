import Foundation
import Testing
@testable import DrawingBoardCore

private let canvas = #""version": 1, "canvas": {"width": 100, "height": 80}"#

/// Hostile scripts, values and files: each refused with a message, nothing acted on.
@Suite struct HardeningTests {
    // MARK: Strictness and messages (items 14, 15, 16)

    @Test(arguments: [#""1": [[1, 1]], "01": [[5, 5]]"#, #""1": [[1, 1]], "+1": [[5, 5]]"#, #""2": [[1, 1]], "002": [[5, 5]]"#])
    func fingerIdsThatNameOneFingerAreRefused(_ fingers: String) {
        let message = problem(#"{\#(canvas), "steps": [{"touch": {\#(fingers)}}]}"#)
        #expect(message?.contains("is the same finger as") == true, "\(message ?? "accepted")")
        #expect(problem(#"{\#(canvas), "steps": [{"touch": {"1": [[1, 1]], "2": [[5, 5]], "10": [[9, 9]]}}]}"#) == nil)
    }

    @Test func moreFingersThanAHandfulAreRefused() {
        let fingers = (1...21).map { #""\#($0)": [[\#($0), 1]]"# }.joined(separator: ", ")
        #expect(problem(#"{\#(canvas), "steps": [{"touch": {\#(fingers)}}]}"#)
            == "steps[0].touch: has 21 fingers; at most 20 may be down at once")
        let twenty = (1...20).map { #""\#($0)": [[\#($0), 1]]"# }.joined(separator: ", ")
        #expect(problem(#"{\#(canvas), "steps": [{"touch": {\#(twenty)}}]}"#) == nil)
    }

    @Test func utf16ScriptsAreRefusedWhateverTheyHold() throws {
        let text = #"{\#(canvas), "steps": [{"undo": 1},]}"#
        for encoding in [String.Encoding.utf16, .utf16LittleEndian, .utf16BigEndian, .utf32] {
            let data = try #require(text.data(using: encoding))
            #expect(throws: ScriptError("", "not UTF-8 text (it looks like UTF-16 or UTF-32); save the script as UTF-8")) {
                _ = try ScriptParser.parse(data)
            }
        }
        // The same text in UTF-8 is refused for its trailing comma, with its place.
        #expect(problem(text)?.contains("trailing comma") == true, "\(problem(text) ?? "")")
    }

    @Test func controlCharactersInMessagesAreEscaped() throws {
        let message = try #require(problem(#"{\#(canvas), "steps": [{"tool": "a\nb\u001b[31mred"}]}"#))
        #expect(!message.contains("\n") && !message.contains("\u{1b}"))
        #expect(message.hasPrefix(#"steps[0].tool: "a\nb\u{1b}[31mred" is not a tool"#), "\(message)")
        #expect("tab\there\u{202E}".escapingControlCharacters == #"tab\there\u{202e}"#)
    }

    @Test func aStrokeMayNotHaveMoreThanAMillionPoints() {
        let long = Stroke(id: 1, tool: .pencil, style: StrokeStyle(), points: Array(repeating: Point(1, 1), count: PageLimits.pointsPerStroke + 1))
        #expect(throws: ValidationError("s.points", "has 1000001 points, more than the 1000000 a stroke may have")) { try long.validate(at: "s") }
    }

    // MARK: Values read from files (item 4)

    @Test(arguments: [
        (Stroke(id: 1, tool: .pencil, style: StrokeStyle(), points: [Point(1e19, 5)]), "s.points[0]: [1e+19, 5] is too far outside the canvas (limit 1000000)"),
        (Stroke(id: 1, tool: .pencil, style: StrokeStyle(), points: [Point(3, 4), Point(-1e300, 5)]), "s.points[1]: [-1e+300, 5] is too far outside the canvas (limit 1000000)"),
        (Stroke(id: 1, tool: .pencil, style: StrokeStyle(), points: [Point(.nan, 5)]), "s.points[0]: coordinates must be finite numbers"),
        (Stroke(id: .max, tool: .pencil, style: StrokeStyle(), points: [Point(1, 1)]), "s.id: 18446744073709551615 is too large (ids stay below 9007199254740992)"),
        (Stroke(id: 1, tool: .pencil, style: StrokeStyle(), points: []), "s.points: needs at least one point"),
        (Stroke(id: 1, tool: .pencil, style: StrokeStyle(), points: [Point(1, 1)], clip: PixelSize(width: 0, height: 5)), "s.clip.width: 0 is outside 1...16384"),
    ])
    func strokeValuesOutsideTheContractAreNamed(_ stroke: Stroke, _ expected: String) {
        #expect(throws: ValidationError.self) { try stroke.validate(at: "s") }
        do { try stroke.validate(at: "s") } catch { #expect(error.description == expected) }
    }

    @Test func widthAndOpacityAreCheckedAsDecoded() throws {
        // Decoding skips StrokeStyle's clamping initialiser: the values arrive as written.
        let json = #"{"id": 1, "tool": "highlighter", "style": {"color": {"red": 0, "green": 0, "blue": 0}, "width": 1e300, "opacity": 2}, "points": [{"x": 1, "y": 1}]}"#
        let stroke = try JSONDecoder().decode(Stroke.self, from: Data(json.utf8))
        do {
            try stroke.validate(at: "strokes[0]")
            Issue.record("accepted")
        } catch {
            #expect(error.description == "strokes[0].style.width: 1e+300 is outside 1...200")
        }
        var wide = stroke
        wide.style.width = 10
        do { try wide.validate(at: "strokes[0]"); Issue.record("accepted") } catch {
            #expect(error.description == "strokes[0].style.opacity: 2 is outside 0...1")
        }
        let twice = [Stroke(id: 4, tool: .pencil, style: StrokeStyle(), points: [Point(1, 1)]),
                     Stroke(id: 4, tool: .pencil, style: StrokeStyle(), points: [Point(2, 2)])]
        #expect(throws: ValidationError("strokes[1].id", "4 is used by an earlier stroke too")) { try Stroke.validate(twice, at: "strokes") }
    }

    // MARK: Image headers (item 5)

    @Test func everyFormatsSizeIsReadFromItsHeader() {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        func be32(_ v: Int) -> [UInt8] { le32(v).reversed() }
        let tga: [UInt8] = [0, 0, 2] + [UInt8](repeating: 0, count: 9) + le16(20000) + le16(20000) + [32, 8]
        #expect(ImageFormat.detect(tga, fileExtension: "TGA") == .tga, "TGA is known by its name: its header looks like an icon's")
        #expect(ImageHeader.dimensions(of: tga, fileExtension: "tga") == PixelSize(width: 20000, height: 20000))
        // An icon whose directory says 256 but whose bitmap says 30000 x 2 * 20000.
        let ico: [UInt8] = [0, 0, 1, 0, 1, 0] + [0, 0, 0, 0] + le16(1) + le16(32) + le32(40) + le32(22) + le32(40) + le32(30000) + le32(40000)
        #expect(ImageHeader.dimensions(of: ico) == PixelSize(width: 30000, height: 20000))
        let tiff: [UInt8] = Array("MM".utf8) + [0, 0x2A] + be32(8) + [0, 2] + [1, 0, 0, 4] + be32(1) + be32(30000)
            + [1, 1, 0, 3] + be32(1) + [0x75, 0x30, 0, 0]
        #expect(ImageHeader.dimensions(of: tiff) == PixelSize(width: 30000, height: 30000))
        #expect(ImageHeader.dimensions(of: Array("P6\n# made by hand\n 40000\t30000\n255\n".utf8)) == PixelSize(width: 40000, height: 30000))
        #expect(ImageHeader.dimensions(of: Array("qoif".utf8) + be32(70000) + be32(2) + [4, 0]) == PixelSize(width: 70000, height: 2))
        let pcx: [UInt8] = [0x0A, 5, 1, 8] + le16(0) + le16(0) + le16(59999) + le16(9) + [UInt8](repeating: 0, count: 116)
        #expect(ImageHeader.dimensions(of: pcx, fileExtension: "pcx") == PixelSize(width: 60000, height: 10))
        // A JPEG whose frame header comes after 600 KiB of metadata.
        var jpeg: [UInt8] = [0xFF, 0xD8]
        for _ in 0..<10 { jpeg += [0xFF, 0xE1, 0xFD, 0xE8] + [UInt8](repeating: 0, count: 0xFDE6) }
        jpeg += [0xFF, 0xC0, 0, 17, 8] + [0x75, 0x30, 0x75, 0x30] + [3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]
        #expect(jpeg.count > 600 * 1024)
        #expect(ImageHeader.dimensions(of: jpeg) == PixelSize(width: 30000, height: 30000))
        // Formats whose size cannot be known first are not images DrawingBoard opens.
        #expect(ImageFormat.detect(Array("gimp xcf v011\0".utf8), fileExtension: "xcf") == nil)
        #expect(ImageFormat.detect(Array("/* XPM */\nstatic char".utf8), fileExtension: "xpm") == nil)
    }

    @Test func aJpegsScansAreCounted() {
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 11, 8, 0, 8, 0, 8, 1, 1, 0x11, 0]
        for _ in 0..<7 { jpeg += [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0] + [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56] }
        jpeg += [0xFF, 0xD9]
        #expect(ImageHeader.jpegScanCount(jpeg) == 7, "stuffed bytes and restart markers are scan data, not scans")
    }

    // MARK: Files that are not files (item 11)

    @Test func foldersAndPipesAreRefusedWithoutBlocking() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawingboard-core-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: RegularFile.Problem("it is a folder, not a script")) { _ = try RegularFile.read(folder.path, limit: 100, noun: "script") }
        let fifo = folder.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Nobody writes to the pipe: opening it for reading must not wait for a writer.
        #expect(throws: RegularFile.Problem("it is a pipe (FIFO), not an image")) { _ = try RegularFile.read(fifo, limit: 100, noun: "image") }
        #expect(throws: RegularFile.Problem("it is a pipe (FIFO), not a document")) { _ = try RegularFile.check(fifo, noun: "document") }
        let big = folder.appendingPathComponent("big.json").path
        try Data(count: 2048).write(to: URL(fileURLWithPath: big))
        #expect(throws: RegularFile.Problem("it is 2048 bytes, larger than the 1 KB a script may be")) { _ = try RegularFile.read(big, limit: 1024, noun: "script") }
        #expect(try RegularFile.read(big, limit: 2048).count == 2048)
    }
}
