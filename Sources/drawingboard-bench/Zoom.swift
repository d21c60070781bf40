import DrawingBoardCore
import DrawingBoardRender
import DrawingBoardUI
import Foundation

// MARK: - Zooming the journal page: how soon the view is sharp again

/// A decoder for the window's controller that reads nothing (the page's images are decoded
/// already).
struct NoFiles: ImageDecoding {
    struct Refused: Error {}
    func decodeImage(atPath path: String, maxPixels: Int) throws -> RasterImage { throw Refused() }
}

/// The window's controller over `editor`, in a 1280x800 window, with a frame to draw into.
func windowOver(_ editor: Editor) throws -> (AppController, Frame, IconSet) {
    let size = PixelSize(width: 1280, height: 800)
    let app = AppController(editor: editor, decoder: NoFiles(), window: size, scale: 1)
    let frame = try Frame(size: size)
    let icons = IconSet(directory: nil)
    app.render(into: frame, icons: icons, rects: [PixelRect(size: size)])
    return (app, frame, icons)
}

/// One turn of the window's loop: the tick (tiles painted meanwhile come in), then the frame.
func turn(_ app: AppController, _ frame: Frame, _ icons: IconSet, at time: Double) {
    app.tick(time)
    app.render(into: frame, icons: icons, damage: app.takeDamage())
}

/// Whether the window shows the page drawn on sharp: every tile it shows painted at the zoom
/// from the page as it is.
func sharp(_ app: AppController) -> Bool {
    let view = app.view
    let size = PixelSize(width: Int((Double(app.editor.size.width) * view.scale).rounded()),
                         height: Int((Double(app.editor.size.height) * view.scale).rounded()))
    let window = PixelRect(x: -Int(view.offset.x), y: -Int(view.offset.y), width: app.window.width, height: app.window.height)
    guard let shown = window.intersection(PixelRect(size: size)) else { return true }
    return app.editor.viewTiles.isSharp(page: app.editor.pages.currentID, scale: view.scale, region: shown)
}

/// From the page fitted, Ctrl+wheel steps about the window's middle (one every 30 ms, a
/// frame drawn after each, as the loop does) up to `target`; then the time from the last step
/// until the window is sharp, turning the loop every millisecond.
func settleTime(_ editor: Editor, zoom target: Double) throws -> (settle: Double, steps: Int, tiles: Int) {
    let (app, frame, icons) = try windowOver(editor)
    let middle = Point(640, 400)
    app.viewport.fitPage()
    let start = app.viewport.zoom
    let steps = Int((log(target / start) / log(1.25)).rounded(.up))
    let factor = pow(target / start, 1 / Double(steps))
    var time = 1.0
    for _ in 0..<steps {
        app.viewport.zoom(by: factor, about: middle)
        turn(app, frame, icons, at: time)
        Thread.sleep(forTimeInterval: 0.03)
        time += 0.03
    }
    let t0 = now()
    while !sharp(app), now() - t0 < 10 {
        Thread.sleep(forTimeInterval: 0.001)
        turn(app, frame, icons, at: time + now() - t0)
    }
    return (now() - t0, steps, editor.viewTiles.count)
}

func zoomFigures() throws {
    print("")
    var figures: [String: Any] = [:]
    for target in [4.0, 16.0] {
        var settles: [Double] = []
        var last = (settle: 0.0, steps: 0, tiles: 0)
        for _ in 0..<5 {
            last = try settleTime(try journalPage(), zoom: target)
            settles.append(last.settle)
        }
        let s = Stats(settles)
        row("journal page zoomed to \(Int(target * 100))%: sharp after (median, max)",
            "\(ms(s.median)), \(ms(settles.max()!)) after the last of \(last.steps) steps")
        figures["settle_\(Int(target * 100))"] = ["median_ms": s.median * 1e3, "max_ms": settles.max()! * 1e3, "steps": last.steps]
    }
    json["zoom"] = figures
}
