import DrawingBoardCore

/// What the screen showed under each stroke's provisional tail, so the next sample can take
/// the tail off by putting those pixels back, instead of composing its area again from the
/// page and the stroke's mask.
///
/// An opaque stroke's newest segment is shown at once in a provisional shape; the next sample
/// makes it final. Putting back a few hundred pixels and stroking the final segment costs a
/// fraction of catching the mask up and composing the area. A save is good only while nothing
/// else has drawn over its pixels: anything painted there since (another stroke's piece, an
/// area composed again, a new frame) drops it, and the area is then composed as before.
final class TailSaves {
    private struct Save {
        let rect: PixelRect
        let pixels: [UInt32]
    }

    /// Per stroke in progress (`StrokeIncrement.owner`), in window pixels.
    private var saves: [ObjectIdentifier: Save] = [:]

    var count: Int { saves.count }

    /// Keeps the pixels of `rect` of `surface` for `owner`, before its tail is stroked there.
    func save(_ rect: PixelRect, of surface: CairoSurface, for owner: ObjectIdentifier) {
        saves[owner] = Save(rect: rect, pixels: surface.read(rect))
    }

    /// Puts `owner`'s pixels back if they were saved for exactly `rect` and nothing drew over
    /// them since; false otherwise (the caller composes the area instead). The save is used up.
    func restore(_ rect: PixelRect, into surface: CairoSurface, for owner: ObjectIdentifier) -> Bool {
        guard let save = saves.removeValue(forKey: owner), save.rect == rect else { return false }
        surface.write(save.pixels, into: rect)
        return true
    }

    /// Something other than `owner`'s own tail was drawn over `rect`: saves under it are stale.
    func drawn(over rect: PixelRect, except owner: ObjectIdentifier? = nil) {
        guard !saves.isEmpty else { return }
        saves = saves.filter { $0.key == owner || $0.value.rect.intersection(rect) == nil }
    }
}
