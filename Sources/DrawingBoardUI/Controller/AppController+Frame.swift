import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// What each frame paints: the damage since the last one (areas to compose again, pieces of
/// strokes to paint straight onto the screen), and the painting itself.
extension AppController {
    /// What the next frame must change: areas to compose again (canvas, then interface), and
    /// pieces of strokes in progress to stroke straight onto the screen where no interface
    /// covers them. `presented` is every window area that changes.
    public struct Damage {
        public internal(set) var recompose: [PixelRect] = []
        public internal(set) var painted: [PixelRect] = []
        var pieces: [StrokeIncrement] = []
        public var presented: [PixelRect] { recompose + painted }
        public var isEmpty: Bool { recompose.isEmpty && painted.isEmpty }
    }

    /// What changed since the last frame, with opaque strokes in progress left to paint directly.
    public func takeDamage() -> Damage {
        var damage = Damage()
        var rects = repaint.dirty
        repaint.dirty.removeAll()
        let bounds = PixelRect(size: window)
        var laidOut: [Rect]?
        func chrome() -> [Rect] {
            if let laidOut { return laidOut }
            var rects = layout().chromeRects
            if let tip = tooltip() { rects.append(tip.frame) }
            laidOut = rects
            return rects
        }
        let pieces = editor.takeIncrements()
        if !pieces.isEmpty {
            // A piece under the interface (or under where it was) is composed with it instead.
            let covered = (chrome() + repaint.drawnChrome).compactMap { $0.pixelRect(clippedTo: window) }
            for piece in pieces {
                let area = view.isIdentity ? piece.bounds : view.windowRect(piece.bounds)
                guard let visible = area.intersection(bounds) else { continue }
                if covered.contains(where: { $0.intersection(visible) != nil }) {
                    rects.append(visible)
                } else {
                    damage.pieces.append(piece)
                    damage.painted.append(visible)
                }
            }
        }
        if let canvas = editor.takeDirtyRect() { rects.append(view.isIdentity ? canvas : view.windowRect(canvas)) }
        if repaint.chromeChanged {
            repaint.chromeChanged = false
            let now = chrome()
            for r in now + repaint.drawnChrome {
                if let p = r.pixelRect(clippedTo: window) { rects.append(p) }
            }
            repaint.drawnChrome = now
        }
        rects = rects.compactMap { $0.intersection(bounds) }
        damage.recompose = Self.coalesced(rects)
        damage.painted = Self.coalesced(damage.painted)
        return damage
    }

    /// Few rectangles as they are; many as their union (one upload beats dozens).
    private static func coalesced(_ rects: [PixelRect]) -> [PixelRect] {
        rects.count > 12 ? [rects.dropFirst().reduce(rects[0]) { $0.union($1) }] : rects
    }

    // MARK: - Drawing

    /// Makes `frame` show what `damage` says changed: pieces of strokes first, then the areas
    /// composed again (which may cover some of those pieces, already in their masks).
    public func render(into frame: Frame, icons: IconSet, damage: Damage) {
        editor.paint(damage.pieces, into: frame, view: view)
        render(into: frame, icons: icons, rects: damage.recompose)
    }

    /// Paints `rects` of the window into `frame`: the canvas, then the interface over it.
    public func render(into frame: Frame, icons: IconSet, rects: [PixelRect]) {
        guard let painter = try? Painter(frame: frame, icons: icons) else { return }
        let state = ViewState(controller: self)
        // The selection's handles and the text box's caret, worked out once for every area.
        let handles = selectionHandles, caret = caretRect(), box = textBoxCorners, preedit = preeditLine
        for rect in rects {
            editor.compose(into: frame, area: rect, view: view)
            painter.clipped(to: rect.rect) {
                ElementRenderer.drawSelection(handles, caret: caret, box: box, preedit: preedit, with: painter, scale: scale)
                UIRenderer.draw(state, with: painter, in: rect.rect)
                if let ghost = elementUI.ghost, let thumb = stickerThumbnail(ghost.index) {
                    // The sticker being dragged out of the panel, at the size it will have.
                    let side = Double(ghostRect(ghost.at).width) - 8
                    painter.image(thumb, in: Rect(x: ghost.at.x - side / 2, y: ghost.at.y - side / 2, width: side, height: side))
                }
                drawBrushCursor(with: painter, in: rect)
            }
        }
        frame.flush()
    }

    /// A miniature of the background image (nil for a colour), made once per image.
    public var backgroundThumbnail: RasterImage? {
        let background = editor.background
        if let thumbnail, thumbnail.of == background {
            // Keep this copy, so the next frame's comparison finds the same storage at once.
            self.thumbnail = (background, thumbnail.image)
            return thumbnail.image
        }
        var image: RasterImage?
        if case .image(let full, _) = background { image = try? ImageOps.thumbnail(full, maxSide: 48) }
        thumbnail = (background, image)
        return image
    }
}
