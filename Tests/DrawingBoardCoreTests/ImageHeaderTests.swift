import Testing
@testable import DrawingBoardCore

@Suite struct ImageHeaderTests {
    @Test func png() {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += [0x00, 0x01, 0x86, 0xA0, 0x00, 0x00, 0x01, 0x2C] // 100000 x 300
        #expect(ImageHeader.dimensions(of: bytes) == PixelSize(width: 100_000, height: 300))
        #expect(ImageHeader.dimensions(of: Array(bytes.prefix(20))) == nil)
    }

    @Test func gifAndBmp() {
        // The screen is 320x240; the first frame (after an extension block) is 20x400, and that
        // is what the decoder allocates: the larger of each side counts.
        let gif = Array("GIF89a".utf8) + [0x40, 0x01, 0xF0, 0x00, 0x00, 0, 0]
            + [0x21, 0xF9, 0x04, 1, 2, 3, 4, 0x00]
            + [0x2C, 0, 0, 0, 0, 0x14, 0x00, 0x90, 0x01, 0]
        #expect(ImageHeader.dimensions(of: gif) == PixelSize(width: 320, height: 400))
        #expect(ImageHeader.dimensions(of: Array(gif.prefix(20))) == nil, "no frame yet: no size")
        var bmp = [UInt8](repeating: 0, count: 26)
        bmp[0] = UInt8(ascii: "B"); bmp[1] = UInt8(ascii: "M")
        bmp[18] = 0x10; bmp[19] = 0x27                          // width 10000
        bmp[22] = 0x9C; bmp[23] = 0xFF; bmp[24] = 0xFF; bmp[25] = 0xFF // height -100 (top-down)
        #expect(ImageHeader.dimensions(of: bmp) == PixelSize(width: 10_000, height: 100))
    }

    @Test func jpegSkipsSegmentsToTheFrameHeader() {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x06, 1, 2, 3, 4]
        let sof0: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x04, 0x38, 0x07, 0x80, 3]
        let bytes: [UInt8] = [0xFF, 0xD8] + app0 + sof0 + [UInt8](repeating: 0, count: 16)
        #expect(ImageHeader.dimensions(of: bytes) == PixelSize(width: 1920, height: 1080))
    }

    @Test func webpLossless() {
        var bytes = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8L".utf8) + [0, 0, 0, 0, 0x2F]
        // 14-bit width-1 and height-1: 39 and 29.
        let bits: UInt32 = 39 | (29 << 14)
        bytes += [UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]
        bytes += [UInt8](repeating: 0, count: 8)
        #expect(ImageHeader.dimensions(of: bytes) == PixelSize(width: 40, height: 30))
    }

    @Test func unknownFormats() {
        #expect(ImageHeader.dimensions(of: Array("hello world, not an image".utf8)) == nil)
        #expect(ImageHeader.dimensions(of: []) == nil)
    }
}

/// The export chooser's filters: the proposed name's format first (the chooser selects it),
/// so the files of that kind show; any other name leaves the usual order.
@Suite struct ExportFormatTests {
    @Test func theProposedNamesFormatComesFirst() {
        #expect(ExportFormat.chooserOrder(suggesting: "notes.pdf") == [.pdf, .png, .jpeg, .webp, .svg])
        #expect(ExportFormat.chooserOrder(suggesting: "a.b.JPEG") == [.jpeg, .png, .webp, .svg, .pdf])
        #expect(ExportFormat.chooserOrder(suggesting: "drawing.png") == ExportFormat.allCases)
        #expect(ExportFormat.chooserOrder(suggesting: "drawing.ora") == ExportFormat.allCases)
        #expect(ExportFormat.chooserOrder(suggesting: nil) == ExportFormat.allCases)
        #expect(ExportFormat.chooserOrder(suggesting: "noextension") == ExportFormat.allCases)
    }
}
