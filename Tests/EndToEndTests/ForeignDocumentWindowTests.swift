import DrawingBoardCore
import Foundation
import Testing

/// Another app's layered OpenRaster opened in the real window, as that app shows it
/// (`scripts/make-foreign-ora.py` made the file: one rule in each part of the picture).
@Suite(.serialized) struct ForeignDocumentWindowTests {
    func near(_ pixel: UInt32, _ r: Int, _ g: Int, _ b: Int, _ tolerance: Int = 4) -> Bool {
        abs(Int(pixel >> 16 & 0xFF) - r) <= tolerance && abs(Int(pixel >> 8 & 0xFF) - g) <= tolerance && abs(Int(pixel & 0xFF) - b) <= tolerance
    }

    @Test func groupsOpacityOffsetsOperationsAndMyPaintsTileShowAsInTheirApps() throws {
        let x = try XServer()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("foreign-groups-\(UUID().uuidString).ora")
        try FileManager.default.copyItem(at: try #require(Bundle.module.url(forResource: "foreign-groups.ora", withExtension: nil, subdirectory: "Fixtures")),
                                         to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let app = try AppUnderTest(server: x, arguments: ["--size", "1000x700", file.path])
        // The 400x300 page at 100%, in the middle of the window.
        let shot = try app.screenshot("foreign-groups")
        func page(_ px: Int, _ py: Int) -> UInt32 { shot.rgb(300 + px, 200 + py) }
        #expect(near(page(120, 90), 115, 115, 242), "the faded group's blue over its green, faded as one: \(String(page(120, 90), radix: 16))")
        #expect(near(page(60, 90), 115, 195, 115), "its green alone, faded: \(String(page(60, 90), radix: 16))")
        #expect(page(250, 50) == 0x000000, "the moved group's square, at its offset plus its own")
        #expect(near(page(120, 220), 0, 255, 255), "white with difference over red: \(String(page(120, 220), radix: 16))")
        #expect(near(page(170, 220), 25, 25, 25), "white with difference over the tile: \(String(page(170, 220), radix: 16))")
        #expect(near(page(322, 242), 150, 150, 150) && near(page(330, 250), 230, 230, 230), "MyPaint's tile, repeated")
        #expect(near(page(350, 100), 230, 230, 230), "nothing of the hidden group's red")
    }
}
