import DrawingBoardCore
import DrawingBoardUI
import Foundation

/// Waiting for what the window shows rather than for a fixed time: a loaded machine makes the
/// app slower, never the test wrong.
extension AppUnderTest {
    /// The bars' colour (Theme.chrome as the window shows it).
    static let barColour: UInt32 = 0xF8F8F7
    /// The accent: a question's default button, a chosen option, the tool in hand.
    static let accent: UInt32 = 0x3465A4

    /// Whether the bars of `layout` show (they slide away while drawing and come back a moment
    /// after the stroke ends), within `timeout` seconds.
    /// They are back when both have come all the way: the top bar's lowest rows and the bottom
    /// bar's highest are the bars' colour. Call it once the drag's ink shows (the window has
    /// seen the drag): the bars are then going, gone, or back. They are first looked for going
    /// (they stay away a second after the stroke ends), so a screenshot taken as they only
    /// start to slide does not count as their return; when they are back already, that look
    /// ends after 3 s and the wait for their return ends at once.
    func waitForBars(_ layout: Layout, timeout: Double = 10) throws -> Bool {
        let top = layout.topBar, bottom = layout.bottomBar
        func shown(_ s: RasterImage) -> Bool {
            s.rgb(Int(top.minX) + 16, Int(top.maxY) - 4) == Self.barColour && s.rgb(Int(bottom.minX) + 16, Int(bottom.minY) + 4) == Self.barColour
        }
        _ = try eventually(3) { !shown(try screenshot()) }
        return try eventually(timeout) { shown(try screenshot()) }
    }

    /// The Export sheet a picture's export opens: waits for its Export button, then Enter
    /// exports at the resolution it shows (the last export's, or 1x).
    func confirmExportResolution(window: PixelSize = PixelSize(width: 1000, height: 700), scale: Double = 1) throws {
        let draft = ExportResolutionDraft(path: "picture.png", format: .png, page: window, scale: 1)
        let l = Layout(window: window, scale: scale, barsHidden: 0, panel: nil, recentColors: 0, hasMessage: false, hasDialog: false,
                       sheet: .exportResolution(draft))
        guard let confirm = l.frame(of: .sheetConfirm) else { throw DesktopError("the Export sheet has no button") }
        guard try eventually(6, { try screenshot().rgb(Int(confirm.minX) + 8, Int(confirm.center.y)) == Self.accent }) else {
            throw DesktopError("the Export sheet did not show")
        }
        try key("Return")
    }

    /// Whether a question shows, its default button (`first`) in the accent colour.
    func waitForQuestion(_ layout: Layout, first: DialogButton = .save) throws -> Bool {
        let button = layout.frame(of: .dialog(first))!
        return try eventually { try screenshot().rgb(Int(button.minX) + 8, Int(button.center.y)) == Self.accent }
    }

    /// Whether the question of `layout` has gone.
    func waitForNoQuestion(_ layout: Layout, first: DialogButton = .save) throws -> Bool {
        let button = layout.frame(of: .dialog(first))!
        return try eventually { try screenshot().rgb(Int(button.minX) + 8, Int(button.center.y)) != Self.accent }
    }

    /// The window once it has stopped changing (two screenshots a tenth of a second apart are
    /// the same, and it shows more than one colour); `name` keeps it as a PNG.
    @discardableResult
    func settled(_ name: String? = nil, timeout: Double = 10) throws -> RasterImage {
        var last = try screenshot(), changed = ""
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            Thread.sleep(forTimeInterval: 0.1)
            let next = try screenshot()
            if next.pixels == last.pixels, next.pixels.contains(where: { $0 != next.pixels[0] }) {
                if let name { Screenshots.keep(next, name) }
                return next
            }
            changed = difference(last, next)
            last = next
        }
        throw DesktopError("the window kept changing for \(timeout) s (last \(changed))")
    }

    /// Complete lines in the autosave journal of the one session under `state`
    /// (`XDG_STATE_HOME`): one per committed step.
    static func journaledSteps(under state: URL) -> Int {
        let sessions = state.appendingPathComponent("drawingboard/sessions")
        let dirs = (try? FileManager.default.contentsOfDirectory(atPath: sessions.path)) ?? []
        return dirs.map { dir -> Int in
            let data = (try? Data(contentsOf: sessions.appendingPathComponent(dir).appendingPathComponent("journal.jsonl"))) ?? Data()
            return data.filter { $0 == UInt8(ascii: "\n") }.count
        }.max() ?? 0
    }

    /// Ends the app as a crash would (SIGKILL), once `steps` steps are in its journal under
    /// `state`; false (and no crash) if they never get there.
    func crash(afterJournaling steps: Int, under state: URL) -> Bool {
        guard eventually(10, { Self.journaledSteps(under: state) >= steps }) else { return false }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return true
    }
}

/// Where two screenshots differ: the box around the changed pixels.
private func difference(_ a: RasterImage, _ b: RasterImage) -> String {
    guard a.size == b.size else { return "a resize from \(a.size) to \(b.size)" }
    var box: (Int, Int, Int, Int)?
    for i in a.pixels.indices where a.pixels[i] != b.pixels[i] {
        let x = i % a.width, y = i / a.width
        box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
    }
    guard let box else { return "nothing: one colour" }
    return "change in \(box.0),\(box.1) to \(box.2),\(box.3)"
}
