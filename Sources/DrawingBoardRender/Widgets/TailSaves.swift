import DrawingBoardCore

/// What the screen shows under each stroke's provisional tail, so the next sample can take
/// the tail off by putting those pixels back, instead of composing its area again from the
/// page and the stroke's mask.
///
/// An opaque stroke's newest segment is shown at once in a provisional shape; the next sample
/// makes it final. Putting back a few hundred pixels and stroking the final segment costs a
/// fraction of catching the mask up and composing the area. The tail is never in the mask, and
/// it is stroked after the frame's areas are composed, so:
/// - an area composed over a tail shows what is under it: those pixels become the kept ones,
///   and the tail is stroked again (`refresh`);
/// - another stroke's piece painted over a tail makes its kept pixels stale: that rectangle is
///   composed again (`drawn(over:except:)` says which), which refreshes them.
final class TailSaves {
    private struct Save {
        let rect: PixelRect
        var pixels: [UInt32]
        /// Something other than the tail drew over it since: composing `rect` again mends it.
        var stale = false
        /// An area was composed over the tail: it must be stroked again.
        var needsStroke = false
    }

    /// Per stroke in progress (`StrokeIncrement.owner`), in window pixels.
    private var saves: [ObjectIdentifier: Save] = [:]

    var count: Int { saves.count }

    /// Keeps the pixels of `rect` of `surface` for `owner`, before its tail is stroked there.
    func save(_ rect: PixelRect, of surface: CairoSurface, for owner: ObjectIdentifier) {
        saves[owner] = Save(rect: rect, pixels: surface.read(rect))
    }

    /// Whether `owner`'s tail over `rect` has what it covers kept, and is on the screen.
    func shows(_ rect: PixelRect, for owner: ObjectIdentifier) -> Bool {
        guard let save = saves[owner] else { return false }
        return save.rect == rect && !save.stale && !save.needsStroke
    }

    /// Whether `owner`'s tail over `rect` has what it covers kept but was composed over: it
    /// is to be stroked again, without keeping anything new.
    func needsStroke(_ rect: PixelRect, for owner: ObjectIdentifier) -> Bool {
        guard let save = saves[owner] else { return false }
        return save.rect == rect && !save.stale && save.needsStroke
    }

    func stroked(_ owner: ObjectIdentifier) { saves[owner]?.needsStroke = false }

    /// Forgets the pixels kept for strokes that have no tail any more (ended, cancelled): a
    /// stroke made later must never find them.
    func keep(onlyFor tails: [StrokeIncrement]) {
        // Once a frame: nothing is made when nothing goes (one save, one tail, as a rule).
        func live(_ owner: ObjectIdentifier) -> Bool { tails.contains { $0.owner == owner } }
        guard saves.keys.contains(where: { !live($0) }) else { return }
        saves = saves.filter { live($0.key) }
    }

    /// Puts `owner`'s pixels back if they were kept for exactly `rect` and are not stale;
    /// false otherwise (the caller composes the area instead). The save is used up.
    func restore(_ rect: PixelRect, into surface: CairoSurface, for owner: ObjectIdentifier) -> Bool {
        guard let save = saves.removeValue(forKey: owner), save.rect == rect, !save.stale else { return false }
        surface.write(save.pixels, into: rect)
        return true
    }

    /// A piece of another stroke than `owner` was painted over `rect`: the tails kept there no
    /// longer have what is under them. Returns their rectangles, to compose again.
    func drawn(over rect: PixelRect, except owner: ObjectIdentifier) -> [PixelRect] {
        var mend: [PixelRect] = []
        for (key, save) in saves where key != owner && !save.stale && save.rect.intersection(rect) != nil {
            saves[key]?.stale = true
            mend.append(save.rect)
        }
        return mend
    }

    /// `area` of `surface` was composed again from the page (no tail is in it): what it shows
    /// is what lies under the tails there. Their kept pixels take it, and they are to be
    /// stroked again.
    func refresh(from surface: CairoSurface, over area: PixelRect) {
        for (key, save) in saves {
            guard let common = save.rect.intersection(area) else { continue }
            var updated = save
            let fresh = surface.read(common)
            for row in 0..<common.height {
                let from = row * common.width
                let to = (common.y - save.rect.y + row) * save.rect.width + (common.x - save.rect.x)
                updated.pixels.replaceSubrange(to..<(to + common.width), with: fresh[from..<(from + common.width)])
            }
            if common == save.rect { updated.stale = false }
            updated.needsStroke = true
            saves[key] = updated
        }
    }
}
