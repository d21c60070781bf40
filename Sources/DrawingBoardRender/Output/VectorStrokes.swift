import CCairo
import DrawingBoardCore
import Foundation

/// Strokes as a vector file writes them. Opaque strokes in a row of one colour, width and kind
/// (a pen's handwriting) are one path stroked once: where opaque ink of one colour overlaps,
/// the picture is the same, and the file holds one drawing operation instead of hundreds. Every
/// stroked line is fitted with fewer curves (`CurveFitter`, within `straightness`), so the file
/// holds a fraction of the numbers the pointer samples would make.
enum VectorStrokes {
    /// How far, in page pixels, a written line may stray from the stroke's own curve: Cairo's
    /// own tolerance when it draws a curve on a screen.
    static let straightness = 0.1

    /// What one drawing operation paints: a stroke, or a run of strokes merged (`stroke` is the
    /// first: its colour, kind and clip), with the outline to write.
    struct Piece: Sendable {
        var stroke: Stroke
        var outline: StrokeOutline
        var merged: Bool
    }

    /// The pieces a list of strokes is written as, in order.
    static func plan(_ strokes: [Stroke]) -> [Piece] {
        var pieces: [Piece] = []
        var i = 0
        while i < strokes.count {
            let first = strokes[i]
            var end = i + 1
            if first.mergesInVectors {
                while end < strokes.count, strokes[end].mergesInVectors, strokes[end].style == first.style, strokes[end].tool == first.tool,
                      strokes[end].clip == first.clip { end += 1 }
            }
            if end - i == 1 {
                if let piece = single(first) { pieces.append(piece) }
            } else {
                let outlines = strokes[i..<end].map(\.outline).filter { !$0.path.isEmpty }
                if let width = outlines.first?.width {
                    var merged = VectorPath()
                    for outline in outlines { merged.append(outline.path) }
                    let outline = StrokeOutline(path: CurveFitter.fitted(merged, within: straightness), width: width)
                    pieces.append(Piece(stroke: first, outline: outline, merged: true))
                }
            }
            i = end
        }
        return pieces
    }

    /// One stroke on its own (nil: it draws nothing). An outline with pressure is the ink's
    /// shape, filled, and is written as it is.
    static func single(_ stroke: Stroke) -> Piece? {
        var outline = stroke.outline
        guard !outline.path.isEmpty else { return nil }
        if !outline.filled, stroke.form == nil { outline.path = CurveFitter.fitted(outline.path, within: straightness) }
        return Piece(stroke: stroke, outline: outline, merged: false)
    }

    /// Draws the pieces in order. No eraser pass is among them: what a pass took is a hole in
    /// the strokes before it (`Page.strokesAsWritten`).
    static func draw(_ pieces: [Piece], on cr: OpaquePointer) {
        for piece in pieces { draw(piece, on: cr) }
    }

    static func draw(_ piece: Piece, on cr: OpaquePointer) {
        guard !piece.outline.holes.isEmpty else { return drawWhole(piece, on: cr) }
        // A stroke carrying what erasers took of it, still as vectors: clipped to the page
        // outside each piece of each pass. A pass is a disc swept along its path, so it is the
        // union of the shapes each of its segments sweeps, each convex (the hull of the discs
        // at its ends); the clips, one per piece, leave what lies outside all of them.
        cairo_save(cr)
        defer { cairo_restore(cr) }
        clipOutside(piece.outline.holes, on: cr)
        var bare = piece
        bare.outline.holes = []
        drawWhole(bare, on: cr)
    }

    /// Clips `cr` to what lies outside every one of `holes` (eraser passes' outlines).
    static func clipOutside(_ holes: [StrokeOutline], on cr: OpaquePointer) {
        // The page's rectangle one way round, the piece the other: outside the piece under
        // either fill rule (an SVG reader takes a clip's rule from the clip path alone).
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        // (The page's rectangle as the clip has it, a little larger: a rectangle far beyond
        // the page overflows Cairo's fixed-point numbers where it draws a fallback image, as
        // its SVG writer does for highlighters, and everything after it is lost.)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        for hole in holes {
            for shape in HoleShapes.pieces(of: hole) where shape.count >= 3 {
                cairo_new_path(cr)
                cairo_rectangle(cr, x0 - 8, y0 - 8, x1 - x0 + 16, y1 - y0 + 16)
                let reversed = Array(shape.reversed())
                cairo_move_to(cr, reversed[0].x, reversed[0].y)
                for p in reversed.dropFirst() { cairo_line_to(cr, p.x, p.y) }
                cairo_close_path(cr)
                cairo_clip(cr)
            }
        }
        cairo_new_path(cr)
    }

    private static func drawWhole(_ piece: Piece, on cr: OpaquePointer) {
        let stroke = piece.stroke
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let clip = stroke.clip {
            // What lay beyond the canvas it was drawn on was never drawn.
            cairo_rectangle(cr, 0, 0, Double(clip.width), Double(clip.height))
            cairo_clip(cr)
        }
        // SVG and PDF paint a stroked path as one shape: its opacity is uniform where it
        // crosses itself.
        let c = stroke.style.color
        cairo_set_source_rgba(cr, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255, stroke.style.opacity)
        if stroke.tool.blend == .multiply { cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY) }
        if stroke.form != nil, piece.outline.fill != nil || piece.outline.segmentWidths != nil {
            // Another app's fill or widths per segment: one group, so it goes on as one shape.
            cairo_push_group(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            CairoContext.strokePolyline(piece.outline, on: cr)
            cairo_pop_group_to_source(cr)
            cairo_paint(cr)
            return
        }
        CairoContext.setStroke(piece.outline, on: cr)
        // With pressure, the outline is the ink's shape, filled.
        CairoContext.inkPath(piece.outline, on: cr)
    }
}

/// Plans the pages' strokes (`VectorStrokes.plan`, most of it fitting curves) on a second
/// thread, a few pages ahead of the writer, so the fitting and the file's formatting and
/// compression run side by side.
typealias StrokePlanner = OrderedWork<[VectorStrokes.Piece]>

extension OrderedWork where Result == [VectorStrokes.Piece] {
    /// `strokes(i)`: the strokes of page `i`, read on the planner's thread.
    convenience init(pages count: Int, strokes: @escaping @Sendable (Int) -> [Stroke]) {
        self.init(count: count, threads: 1, ahead: 4) { VectorStrokes.plan(strokes($0)) }
    }
}

/// The shapes an eraser's pass covers, as convex polygons a vector file can clip with: per
/// piece of its path, the hull of the discs at the piece's ends (the pass's width there).
enum HoleShapes {
    /// Points on each disc's edge: the polygon strays under half a percent of the radius.
    static let around = 32

    static func pieces(of outline: StrokeOutline) -> [[Point]] {
        var discs: [(Point, Double)] = []
        if let profile = outline.profile {
            discs = zip(profile.centres, profile.radii).map { ($0, $1) }
        } else {
            let r = outline.width / 2
            var pen: Point?
            for element in outline.path.elements {
                switch element {
                case .move(let p):
                    discs.append((p, r))
                    pen = p
                case .line(let p):
                    discs.append((p, r))
                    pen = p
                case .curve(let a, let b, let c):
                    let start = pen ?? a
                    for k in 1...8 { discs.append((VectorPath.cubicPoint(start, a, b, c, at: Double(k) / 8), r)) }
                    pen = c
                case .close:
                    break
                }
            }
        }
        guard let first = discs.first else { return [] }
        if discs.count == 1 { return [hull(circle(first.0, first.1))] }
        return zip(discs, discs.dropFirst()).map { hull(circle($0.0.0, $0.0.1) + circle($0.1.0, $0.1.1)) }
    }

    private static func circle(_ c: Point, _ r: Double) -> [Point] {
        // Just outside the circle, so the clip takes all the disc covers.
        let out = r / cos(Double.pi / Double(around))
        return (0..<around).map { i in
            let a = Double(i) / Double(around) * 2 * .pi
            return Point(c.x + out * cos(a), c.y + out * sin(a))
        }
    }

    /// The convex hull (Andrew's monotone chain).
    static func hull(_ points: [Point]) -> [Point] {
        let sorted = points.sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2, cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        return Array(lower.dropLast() + upper.dropLast())
    }
}
