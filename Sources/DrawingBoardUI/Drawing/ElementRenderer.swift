import DrawingBoardCore
import DrawingBoardRender

/// Draws what the window shows for elements: the Stickers panel's cells and buttons, the
/// selected element's box and handles, and the caret of the text being typed.
enum ElementRenderer {
    static func drawItem(_ item: Layout.Item, _ v: ChromeView, _ p: Painter) {
        let s = v.scale
        let f = item.frame
        if v.pressed == item.control { p.fill(f.insetBy(3 * s), Theme.pressed, radius: 10 * s) }
        switch item.control {
        case .panel:
            let selected = v.panel == .stickers
            if selected { p.fill(f.insetBy(3 * s), Theme.accent, radius: 10 * s) }
            let color = selected ? Theme.onAccent : Theme.ink
            let iconBox = Rect(x: f.minX + 6 * s, y: f.minY, width: 36 * s, height: f.height)
            if !p.icon(item.control.spec.icon ?? "", in: v.layout.compactBottom ? f : iconBox, side: Theme.iconSide * s, color) {
                p.text("St", in: f, size: Theme.smallText * s, color)
            }
            if !v.layout.compactBottom {
                p.text(item.control.spec.title ?? "", in: Rect(x: iconBox.maxX, y: f.minY, width: f.width - iconBox.width - 8 * s, height: f.height),
                       size: Theme.textSize * s, color, align: .left)
            }
        case .sticker(let i):
            if let thumb = v.stickerThumbnail(i) {
                p.image(thumb, in: f.insetBy(4 * s))
            }
        case .stickerPage:
            p.fill(f.insetBy(3 * s), Theme.hover, radius: 10 * s)
            p.text(item.control.spec.title ?? "", in: f, size: Theme.textSize * s, Theme.ink)
        case .font(let i):
            let family = TextArt.standardFamilies[i]
            let selected = v.font == family
            if selected { p.fill(f.insetBy(3 * s), Theme.accent, radius: 10 * s) }
            p.text(item.control.spec.title ?? family, in: f, size: Theme.textSize * s, selected ? Theme.onAccent : Theme.ink)
        case .fontStep(let d):
            p.fill(f.insetBy(3 * s), Theme.hover, radius: 10 * s)
            p.text(item.control.spec.title ?? "", in: f, size: (Theme.textSize + 4) * s, Theme.ink)
            if d < 0, let next = v.layout.frame(of: .fontStep(1)) {
                // The family in use, between the two steps.
                let name = Rect(x: f.maxX + 4 * s, y: f.minY, width: next.minX - f.maxX - 8 * s, height: f.height)
                let other = !TextArt.standardFamilies.contains(v.font)
                let label = other ? v.font : "Other fonts"
                // A long family name in a narrow panel gets smaller type, not cut to "Dej…".
                let size = Theme.textSize * s, wide = p.measure(label, size: size).width
                let fitted = wide > name.width ? max(10 * s, (size * name.width / wide).rounded(.down)) : size
                p.text(label, in: name, size: fitted, other ? Theme.ink : Theme.inkMuted)
            }
        case .insertImage:
            p.fill(f.insetBy(3 * s), Theme.hover, radius: 10 * s)
            let iconBox = Rect(x: f.minX + 4 * s, y: f.minY, width: 32 * s, height: f.height)
            p.icon(item.control.spec.icon ?? "", in: iconBox, side: 20 * s, Theme.ink)
            p.text(item.control.spec.title ?? "", in: Rect(x: iconBox.maxX, y: f.minY, width: f.width - iconBox.width - 8 * s, height: f.height),
                   size: Theme.textSize * s, Theme.ink, align: .left)
        default:
            break
        }
    }

    /// The box of a text being typed, its caret, and what the input method composes.
    static func drawTextBox(caret: Rect?, box: [Point]?, preedit: (Point, Point)?, with p: Painter, scale s: Double) {
        if let (a, b) = preedit {
            // What the input method is composing, underlined until it is committed.
            p.line(from: a, to: b, width: 1.5 * s, Theme.ink)
        }
        if let box {
            // The text box: a dashed outline a little outside the text.
            let closed = box + [box[0]]
            for (a, b) in zip(closed, closed.dropFirst()) {
                p.line(from: a, to: b, width: 1 * s, Theme.accent, dashes: [4 * s, 3 * s])
            }
        }
        if let caret {
            p.fill(caret, RGBA(0.1, 0.1, 0.1, 0.9))
        }
    }

    /// The selected element's box, corner handles, rotation handle and delete button.
    static func drawHandles(_ handles: ElementHandles?, with p: Painter, scale s: Double) {
        guard let h = handles else { return }
        let box = h.corners + [h.corners[0]]
        for (a, b) in zip(box, box.dropFirst()) {
            p.line(from: a, to: b, width: 3 * s, RGBA(1, 1, 1, 0.9))
            p.line(from: a, to: b, width: 1.5 * s, Theme.accent)
        }
        p.line(from: h.topMiddle, to: h.rotate, width: 1.5 * s, Theme.accent)
        for corner in h.corners {
            p.fillCircle(center: corner, radius: 7 * s, RGBA(1, 1, 1))
            p.strokeCircle(center: corner, radius: 7 * s, Theme.accent, width: 2 * s)
        }
        p.fillCircle(center: h.rotate, radius: 9 * s, Theme.accent)
        p.strokeCircle(center: h.rotate, radius: 4 * s, RGBA(1, 1, 1), width: 1.5 * s)
        p.fillCircle(center: h.delete, radius: 11 * s, Theme.error)
        let d = 4.5 * s
        p.line(from: Point(h.delete.x - d, h.delete.y - d), to: Point(h.delete.x + d, h.delete.y + d), width: 2 * s, RGBA(1, 1, 1))
        p.line(from: Point(h.delete.x - d, h.delete.y + d), to: Point(h.delete.x + d, h.delete.y - d), width: 2 * s, RGBA(1, 1, 1))
    }
}
