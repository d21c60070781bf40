import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// What each frame paints: the damage since the last one (areas to compose again, pieces of
/// strokes to paint straight onto the screen), and the painting itself: the page, then each
/// part's own piece (the selection's handles, the text box, the interface, a sticker being
/// dragged, the brush's outline).
public enum FrameComposer {
    /// What the next frame must change: areas to compose again (canvas, then interface), and
    /// pieces of strokes in progress to stroke straight onto the screen where no interface
    /// covers them. `presented` is every window area that changes.
    public struct Damage {
        public internal(set) var recompose: [PixelRect] = []
        public internal(set) var painted: [PixelRect] = []
        var pieces: [StrokeIncrement] = []
        /// A stroke's newest segment is to be shown (`EditorScreen.paintTails`).
        var tails = false
        public var presented: [PixelRect] { recompose + painted }
        public var isEmpty: Bool { recompose.isEmpty && painted.isEmpty && !tails }
    }

    /// What changed since the last frame, with opaque strokes in progress left to paint directly.
    static func takeDamage(_ app: AppController) -> Damage {
        var damage = Damage()
        var rects = app.repaint.dirty
        app.repaint.dirty.removeAll()
        let window = app.window, view = app.view
        let bounds = PixelRect(size: window)
        var laidOut: [Rect]?
        func chrome() -> [Rect] {
            if let laidOut { return laidOut }
            var rects = app.layout().chromeRects
            if let tip = app.chrome.tooltip() { rects.append(tip.frame) }
            laidOut = rects
            return rects
        }
        damage.tails = app.editor.screen.hasNewTails
        let pieces = app.editor.screen.takeIncrements()
        if !pieces.isEmpty {
            // A piece under the interface (or under where it was) is composed with it instead.
            // While the interface has not changed, it is where it was last drawn: no layout.
            let interface = app.repaint.chromeChanged ? chrome() + app.repaint.drawnChrome : app.repaint.drawnChrome
            let covered = interface.compactMap { $0.pixelRect(clippedTo: window) }
            for piece in pieces {
                let area = view.isIdentity ? piece.area : view.windowRect(piece.area)
                guard let visible = area.intersection(bounds) else { continue }
                if covered.contains(where: { $0.intersection(visible) != nil }) {
                    rects.append(visible)
                } else {
                    damage.pieces.append(piece)
                    damage.painted.append(visible)
                }
            }
        }
        if let canvas = app.editor.screen.takeDirtyRect() { rects.append(view.isIdentity ? canvas : view.windowRect(canvas)) }
        if app.repaint.chromeChanged {
            app.repaint.chromeChanged = false
            let now = chrome()
            for r in now + app.repaint.drawnChrome {
                if let p = r.pixelRect(clippedTo: window) { rects.append(p) }
            }
            app.repaint.drawnChrome = now
        }
        rects = rects.compactMap { $0.intersection(bounds) }
        damage.recompose = coalesced(rects)
        damage.painted = coalesced(damage.painted)
        return damage
    }

    /// Overlapping rectangles as one where that covers no more pixels than both (a bar sliding
    /// a step: where it was and where it is, composed once); then few as they are, and many as
    /// their union (one upload beats dozens).
    static func coalesced(_ rects: [PixelRect]) -> [PixelRect] {
        var merged: [PixelRect] = []
        for rect in rects {
            var rect = rect
            while let i = merged.firstIndex(where: { $0.intersection(rect) != nil && $0.union(rect).area <= $0.area + rect.area }) {
                rect = merged.remove(at: i).union(rect)
            }
            merged.append(rect)
        }
        return merged.count > 12 ? [merged.dropFirst().reduce(merged[0]) { $0.union($1) }] : merged
    }

    /// Paints `rects` of the window into `frame`: the canvas, then each part over it.
    static func render(_ app: AppController, into frame: Frame, icons: IconSet, rects: [PixelRect]) {
        guard !rects.isEmpty, let painter = try? Painter(frame: frame, icons: icons) else { return }
        // The interface is laid out only for an area it covers: where it was last drawn, as
        // `takeDamage` left it (a stroke's areas away from the bars need no layout).
        let interface = app.repaint.chromeChanged ? nil : app.repaint.drawnChrome
        lazy var layout = app.layout()
        // The selection's handles, worked out once for every area.
        let handles = app.selection.handles, textBox = app.text.drawing(), group = app.lasso.handles
        for rect in rects {
            defer { frame.composed(rect) }
            app.pages.compose(into: frame, area: rect)
            app.lasso.drawPicture(into: frame, area: rect)
            let underInterface = interface.map { drawn in drawn.contains { $0.intersects(rect.rect) } } ?? true
            painter.clipped(to: rect.rect) {
                app.selection.drawHandles(handles, with: painter)
                app.find.drawMarks(with: painter)
                app.pdfText.draw(with: painter)
                app.lasso.draw(group, with: painter)
                app.instruments.draw(with: painter)
                app.find.drawBar(with: painter)
                app.text.draw(textBox, with: painter)
                if underInterface { app.chrome.draw(with: painter, in: rect.rect, layout: layout) }
                app.selection.drawGhost(with: painter)
                app.brush.cursor.draw(with: painter, in: rect)
            }
        }
        frame.flush()
    }
}

extension AppController {
    /// What changed since the last frame, with opaque strokes in progress left to paint directly.
    public func takeDamage() -> FrameComposer.Damage { FrameComposer.takeDamage(self) }

    /// Makes `frame` show what `damage` says changed: pieces of strokes first, then the areas
    /// composed again (which may cover some of those pieces, already in their masks).
    /// Then the strokes' provisional tails go over everything but the interface. Returns the
    /// window areas to present.
    @discardableResult
    public func render(into frame: Frame, icons: IconSet, damage: FrameComposer.Damage) -> [PixelRect] {
        // Tails that could not be taken off by putting back their pixels are composed instead.
        let left = editor.screen.paint(damage.pieces, into: frame, view: view)
        render(into: frame, icons: icons, rects: damage.recompose + left)
        let interface = repaint.drawnChrome.compactMap { $0.pixelRect(clippedTo: window) }
        let tails = editor.screen.paintTails(into: frame, view: view, avoiding: interface)
        frame.flush()
        return damage.presented + left + tails
    }

    /// Paints `rects` of the window into `frame`: the canvas, then the interface over it.
    public func render(into frame: Frame, icons: IconSet, rects: [PixelRect]) {
        FrameComposer.render(self, into: frame, icons: icons, rects: rects)
    }
}
