import DrawingBoardCore
import DrawingBoardFiles
import DrawingBoardRender
import Foundation
import Testing
@testable import DrawingBoardUI

/// PNG files decoded by Cairo: enough for inserting and dropping images in these tests.
struct PNGDecoder: ImageDecoding {
    func decodeImage(atPath path: String, maxPixels: Int) throws -> RasterImage { try PNGFile.decode(atPath: path) }
    func decodeImage(data: Data, fileExtension: String, maxPixels: Int) throws -> RasterImage { try PNGFile.decode(data, name: "image") }
}

/// The window's element handling, driven as a user does (clicks, drags, keys, typed text),
/// checked on the page model and the undo history.
@Suite struct ElementControllerTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets")

    func controller() throws -> AppController {
        let editor = try Editor(size: PixelSize(width: 1000, height: 700))
        let c = AppController(editor: editor, decoder: PNGDecoder(), window: PixelSize(width: 1000, height: 700), scale: 1)
        c.selection.stickers = StickerLibrary(builtIn: Self.assets.appendingPathComponent("stickers"), user: nil)
        return c
    }

    func press(_ c: AppController, _ p: (Double, Double), source: PointerSource = .mouse, time: Double = 0) {
        c.pointer(PointerEvent(source: source, phase: .down, position: Point(p.0, p.1), time: time))
        c.pointer(PointerEvent(source: source, phase: .up, position: Point(p.0, p.1), time: time))
    }

    @Test func aStickerFromThePanelLandsInTheMiddleSelected() throws {
        let c = try controller()
        c.click(.panel(.stickers))
        #expect(c.layout().frame(of: .sticker(28)) != nil, "the panel shows the 29 stickers")
        c.click(.sticker(0))
        let star = try #require(c.editor.elements.first)
        #expect(c.editor.elements.count == 1 && c.chrome.panel == nil)
        #expect(star.source == .sticker("star", try c.selection.stickers!.sticker(named: "star")))
        #expect(star.placement.center == Point(500, 350) && star.placement.width == 128)
        #expect(c.editor.toolState.tool == .select && c.selection.element?.id == star.id)
        // Dragged from the panel onto the page: it lands where it is dropped.
        c.click(.panel(.stickers))
        let cell = try #require(c.layout().frame(of: .sticker(4))).center
        c.drag([(cell.x, cell.y), (300, 200), (150, 120)])
        #expect(c.editor.elements.count == 2 && c.editor.elements[1].placement.center == Point(150, 120))
        #expect(c.editor.elements[1].source.kind == "sticker")
    }

    @Test func dragCornersTurnAndTheDeleteButton() throws {
        let c = try controller()
        c.click(.panel(.stickers))
        c.click(.sticker(0))
        c.drag([(500, 350), (450, 330), (400, 300)])
        #expect(c.selection.element?.placement.center == Point(400, 300), "dragged by last point minus first")
        // The bottom right corner (464, 364) pulled to (592, 492): twice as far from the top left
        // corner (336, 236), which stays where it is.
        c.drag([(464, 364), (500, 400), (592, 492)])
        #expect(abs((c.selection.element?.placement.width ?? 0) - 256) < 0.01)
        #expect(c.selection.element?.placement.center == Point(464, 364), "\(c.selection.element?.placement.center ?? Point(0, 0))")
        // The rotation handle (36 px above the top edge) to the right of the centre, with Shift:
        // a quarter turn, in 15° steps.
        let handles = try #require(c.selection.handles)
        let rotate = handles.rotate
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: rotate, time: 0, modifiers: .constrain))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(624, 354), time: 0, modifiers: .constrain))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(624, 361), time: 0, modifiers: .constrain))
        let turned = try #require(c.selection.element).placement.rotation
        #expect(turned.truncatingRemainder(dividingBy: 15) == 0 && abs(turned - 90) <= 15, "\(turned)°")
        #expect(c.editor.history.steps.count == 4, "placed, moved, scaled, turned: one step each")
        let delete = try #require(c.selection.handles).delete
        press(c, (delete.x, delete.y))
        #expect(c.editor.elements.isEmpty && c.selection.element == nil)
        c.key(KeyInput(.character("z"), ctrl: true), time: 0)
        #expect(c.editor.elements.count == 1)
    }

    /// A sticker right under the top bar: its rotation handle would be under the bar, so it is
    /// below the sticker instead, and the delete button beyond a corner the bars leave clear;
    /// both still work.
    @Test func handlesTheBarsWouldCoverGoWhereTheyCanBeReached() throws {
        let c = try controller()
        c.click(.panel(.stickers))
        c.click(.sticker(0))
        let bars = c.layout(barsHidden: 0)
        // The star (128 px) moved up so its top edge is just below the top bar.
        let top = bars.topBar.maxY + 4
        c.drag([(500, 350), (500, 300), (500, top + 64)])
        let star = try #require(c.selection.element)
        #expect(star.placement.center == Point(500, top + 64))
        let handles = try #require(c.selection.handles)
        for bar in [bars.topBar, bars.bottomBar] {
            #expect(!bar.contains(handles.rotate) && !bar.contains(handles.delete), "clear of the bars")
        }
        #expect(handles.rotate.y > star.placement.center.y + 64, "the rotation handle below the sticker: \(handles.rotate)")
        #expect(c.layout().hit(handles.rotate) == .canvas)
        // Turned from below: the handle dragged to the left of the centre is a quarter turn.
        c.pointer(PointerEvent(source: .mouse, phase: .down, position: handles.rotate, time: 0, modifiers: .constrain))
        c.pointer(PointerEvent(source: .mouse, phase: .move, position: Point(400, top + 60), time: 0, modifiers: .constrain))
        c.pointer(PointerEvent(source: .mouse, phase: .up, position: Point(400, top + 64), time: 0, modifiers: .constrain))
        let turned = try #require(c.selection.element).placement.rotation
        #expect(abs(abs(turned) - 90) <= 15, "a quarter turn: \(turned)°")
        let delete = try #require(c.selection.handles).delete
        press(c, (delete.x, delete.y))
        #expect(c.editor.elements.isEmpty, "the delete button, where it could be reached")
        // Away from the bars the handles stay where they were: above the top edge.
        let free = ElementHandles(star.placement.moved(by: Point(0, 250)), view: c.view, scale: 1, avoiding: [bars.topBar, bars.bottomBar])
        #expect(free.rotate.y < star.placement.center.y + 250 - 64)
        // A photo as tall as the room between the bars: both ends are covered, so the handle
        // goes inside, under the top edge, where the bars leave it clear.
        let tall = Element.Placement(center: Point(500, 350), width: 800, rotation: 0, natural: Size(width: 3000, height: 2000))
        let inside = ElementHandles(tall, view: c.view, scale: 1, avoiding: [bars.topBar, bars.bottomBar])
        let topEdge = c.view.toWindow(tall.corners[0]).y
        #expect(inside.rotate.y > topEdge && !bars.topBar.insetBy(-22).contains(inside.rotate) && c.layout().hit(inside.rotate) == .canvas,
                "inside the top edge (\(topEdge)), clear of the bar: \(inside.rotate)")
    }

    /// A narrow box (a tall thin selection, turned or not): the delete button keeps a finger's
    /// width from the rotation handle, so a tap meant to turn never deletes.
    @Test func aNarrowBoxKeepsTheDeleteButtonOffTheTurnHandle() {
        let view = ViewTransform(scale: 1, offset: Point(0, 0))
        for (width, rotation) in [(12.0, 0.0), (30, 0), (12, 30), (200, 0)] {
            let placement = Element.Placement(center: Point(500, 400), width: width, rotation: rotation, natural: Size(width: 10, height: 300))
            let handles = ElementHandles(placement, view: view, scale: 1)
            #expect(handles.delete.distance(to: handles.rotate) >= Theme.minimumTarget, "\(width) wide, turned \(rotation)°: \(handles.delete) and \(handles.rotate)")
            #expect(handles.hit(handles.rotate) == .rotate && handles.hit(handles.delete) == .delete)
        }
    }

    @Test func theKeysOfASelectedElement() throws {
        let c = try controller()
        c.click(.panel(.stickers))
        c.click(.sticker(0))
        c.click(.panel(.stickers))
        c.click(.sticker(5))
        let top = try #require(c.selection.element)
        c.key(KeyInput(.right), time: 0)
        c.key(KeyInput(.down, shift: true), time: 0)
        #expect(c.selection.element?.placement.center == top.placement.center + Point(1, 10))
        c.key(KeyInput(.pageDown), time: 0)
        #expect(c.editor.elements.first?.id == top.id, "lowered to the bottom")
        c.key(KeyInput(.pageUp), time: 0)
        #expect(c.editor.elements.last?.id == top.id, "raised to the top")
        c.key(KeyInput(.character("d"), ctrl: true), time: 0)
        #expect(c.editor.elements.count == 3 && c.selection.element?.placement.center == top.placement.center + Point(25, 34))
        _ = c.takeEffects()
        c.key(KeyInput(.character("c"), ctrl: true), time: 0)
        // Other apps get a PNG and an SVG of it, made off the event loop.
        c.background.finish()
        let offers = c.takeEffects().compactMap { if case .offerClipboard(let png, let svg) = $0 { (png, svg) } else { nil } }
        #expect(offers.count == 1)
        if let (png, svg) = offers.first {
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
            #expect(String(decoding: svg, as: UTF8.self).contains("<svg"), "an SVG")
        }
        c.key(KeyInput(.character("v"), ctrl: true), time: 0)
        #expect(c.editor.elements.count == 4)
        c.key(KeyInput(.delete), time: 0)
        #expect(c.editor.elements.count == 3)
        c.key(KeyInput(.escape), time: 0)
        #expect(c.selection.element == nil)
        // Another tool: Delete no longer touches elements.
        c.click(.panel(.stickers))
        c.click(.sticker(1))
        c.key(KeyInput(.character("1")), time: 0)
        c.key(KeyInput(.delete), time: 0)
        #expect(c.editor.elements.count == 4)
    }

    /// Every arrow nudges the selected element the same way; with Ctrl held, none does (the
    /// four keys agree: Ctrl+Down once did nothing while Ctrl+the others nudged).
    @Test(arguments: [(KeyInput.Key.left, Point(-1, 0)), (.right, Point(1, 0)), (.up, Point(0, -1)), (.down, Point(0, 1))])
    func everyArrowNudgesAndNoneWithCtrl(_ key: KeyInput.Key, _ d: Point) throws {
        let c = try controller()
        c.click(.panel(.stickers))
        c.click(.sticker(0))
        let start = try #require(c.selection.element).placement.center
        c.key(KeyInput(key), time: 0)
        #expect(c.selection.element?.placement.center == start + d)
        c.key(KeyInput(key, shift: true), time: 0)
        #expect(c.selection.element?.placement.center == start + d * 11)
        let steps = c.editor.history.steps.count
        c.key(KeyInput(key, ctrl: true), time: 0)
        #expect(c.selection.element?.placement.center == start + d * 11, "Ctrl+arrow leaves the element where it is")
        #expect(c.editor.history.steps.count == steps)
    }

    @Test func aTextTypedIsOneStepAndTypedAgainIsAnother() throws {
        let c = try controller()
        c.key(KeyInput(.character("t")), time: 0)
        #expect(c.editor.toolState.tool == .text)
        press(c, (200, 200))
        #expect(c.takeEffects().contains { if case .textInput(let rect?) = $0 { return rect.minX >= 199 } else { return false } },
                "text input starts at the caret")
        c.typed("Hello")
        c.key(KeyInput(.enter), time: 0)
        c.typed("world")
        c.composing("ka")
        #expect(c.text.typed == "Hello\nworldka", "the composition shows at the caret")
        c.composing("")
        c.key(KeyInput(.backspace), time: 0)
        c.key(KeyInput(.home), time: 0)
        c.typed("a ")
        c.key(KeyInput(.escape), time: 0)
        #expect(c.takeEffects().contains(.textInput(nil)), "text input stops")
        let text = try #require(c.editor.elements.first)
        #expect(text.source.text?.text == "Hello\na worl")
        #expect(text.source.text?.size == 32 && text.source.text?.font == "Sans")
        #expect(abs(text.placement.corners[0].x - 200) < 0.01 && abs(text.placement.corners[0].y - 200) < 0.01, "its top left where it was started")
        #expect(c.editor.history.steps.count == 1)
        // Typed in again with a double click of the select tool: one more step.
        c.key(KeyInput(.character("v")), time: 0)
        let inside = text.placement.center
        press(c, (inside.x, inside.y), time: 1)
        press(c, (inside.x, inside.y), time: 1.2)
        c.key(KeyInput(.end), time: 1.3)
        c.typed("d")
        c.key(KeyInput(.escape), time: 1.4)
        #expect(c.editor.elements.first?.source.text?.text == "Hello\na world")
        #expect(c.editor.history.steps.count == 2)
        c.key(KeyInput(.character("z"), ctrl: true), time: 2)
        #expect(c.editor.elements.first?.source.text?.text == "Hello\na worl")
        // Up and Down move the caret between lines, keeping to its place across.
        c.key(KeyInput(.character("t")), time: 2.5)
        press(c, (600, 300), time: 2.5)
        c.typed("Hello")
        c.key(KeyInput(.enter), time: 2.5)
        c.typed("world")
        c.key(KeyInput(.up), time: 2.5)
        c.typed("X")
        c.key(KeyInput(.down), time: 2.5)
        c.typed("Y")
        #expect(c.text.typed == "HelloX\nworldY", "\(c.text.typed ?? "")")
        c.key(KeyInput(.escape), time: 2.6)
        // A box left empty leaves nothing.
        c.key(KeyInput(.character("t")), time: 3)
        press(c, (600, 500), time: 3)
        c.typed("  ")
        c.key(KeyInput(.escape), time: 3)
        #expect(c.editor.elements.count == 2)
    }

    /// A text taken up again with the select tool's double click gives the select tool back
    /// when its typing ends: Esc, or a press out of its box, which then selects what is under
    /// it (it opened a new text box there, the text tool left in hand).
    @Test func aTextTakenUpWithTheSelectToolGivesItBack() throws {
        let c = try controller()
        c.key(KeyInput(.character("t")), time: 0)
        press(c, (200, 200))
        c.typed("First")
        c.key(KeyInput(.escape), time: 0)
        press(c, (600, 400))
        c.typed("Second")
        c.key(KeyInput(.escape), time: 0)
        let first = try #require(c.editor.elements.first), second = try #require(c.editor.elements.last)
        c.key(KeyInput(.character("v")), time: 0)
        press(c, (first.placement.center.x, first.placement.center.y), time: 1)
        press(c, (first.placement.center.x, first.placement.center.y), time: 1.2)
        #expect(c.editor.toolState.tool == .text && c.text.typed == "First", "typing in the first text")
        c.key(KeyInput(.escape), time: 1.3)
        #expect(c.editor.toolState.tool == .select, "Esc gives the select tool back")
        press(c, (first.placement.center.x, first.placement.center.y), time: 2)
        press(c, (first.placement.center.x, first.placement.center.y), time: 2.2)
        c.key(KeyInput(.end), time: 2.3)
        c.typed("!")
        press(c, (second.placement.center.x, second.placement.center.y), time: 3)
        #expect(c.editor.toolState.tool == .select && c.text.typed == nil, "a press out of the box ends the typing")
        #expect(c.selection.selected == second.id, "and selects the text under it")
        #expect(c.editor.elements.count == 2 && c.editor.elements.first?.source.text?.text == "First!")
        // The text tool taken on purpose stays: a press out of a box starts another there.
        c.key(KeyInput(.character("t")), time: 4)
        press(c, (300, 550), time: 4)
        c.typed("Third")
        press(c, (700, 600), time: 5)
        #expect(c.editor.toolState.tool == .text && c.text.typed == "", "a new box, the text tool in hand")
    }

    @Test func anImageDroppedLandsWhereItWasDroppedAndABadOneIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("photo.png")
        try PNGFile.encode(RasterImage(width: 40, height: 30, pixels: [UInt32](repeating: 0xFF20_40A0, count: 1200))!).write(to: png)
        let c = try controller()
        c.document.dropped(png.path, at: Point(200, 150))
        c.finishOpening()
        let photo = try #require(c.editor.elements.first)
        #expect(photo.placement.center == Point(200, 150) && photo.placement.width == 40)
        #expect(c.editor.background == .default, "the background stays as it was")
        let bad = folder.appendingPathComponent("bad.png")
        try Data("not an image".utf8).write(to: bad)
        c.document.dropped(bad.path, at: Point(300, 300))
        c.finishOpening()
        #expect(c.editor.elements.count == 1)
        #expect(c.chrome.messageText?.hasPrefix("Could not insert “bad.png”") == true, "\(c.chrome.messageText ?? "")")
    }
}

/// The user's own stickers: PNG and SVG files in their folder, listed after the app's; a file
/// that is not what it says is refused when used, with its reason, and the others still work.
@Suite struct UserStickerTests {
    @Test func theUsersOwnStickersAndABadOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stickers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try PNGFile.encode(RasterImage(width: 8, height: 6, pixels: [UInt32](repeating: 0xFFFF_0000, count: 48))!)
            .write(to: folder.appendingPathComponent("cat.png"))
        var bomb = Data([0x1F, 0x8B, 0x08, 0x00])
        bomb.append(Data(repeating: 0, count: 100))
        try bomb.write(to: folder.appendingPathComponent("bomb.svg"))
        try Data("<svg".utf8).write(to: folder.appendingPathComponent("star.svg"))
        let library = StickerLibrary(builtIn: ElementControllerTests.assets.appendingPathComponent("stickers"), user: folder)
        #expect(library.stickerNames.count == 31, "29 of the app's, then bomb and cat: \(library.stickerNames)")
        #expect(library.stickerNames.first == "star" && library.stickerNames.suffix(2) == ["bomb", "cat"])
        #expect(library.problems == ["star.svg: a sticker named \"star\" is already in the set"])
        #expect(try library.sticker(named: "cat").size == PixelSize(width: 8, height: 6))
        #expect(throws: DocumentError.self) { try library.sticker(named: "bomb") }
        do {
            _ = try library.sticker(named: "bomb")
        } catch {
            #expect("\(error)".contains("compressed SVG (svgz) is not read"), "\(error)")
        }
        #expect(StickerLibrary.userFolder(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]).path == "/x/data/drawingboard/stickers")
        #expect(StickerLibrary.userFolder(environment: ["HOME": "/h"]).path == "/h/.local/share/drawingboard/stickers")
    }
}
