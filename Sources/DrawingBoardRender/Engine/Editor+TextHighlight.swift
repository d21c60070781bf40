import DrawingBoardCore

/// Highlighting a PDF page's text: the characters a reader's selection takes from one point to
/// another, each line covered by a highlighter stroke exactly its box (straight, butt ends, as
/// wide as the line is tall), all laid as one step. Each is a highlighter stroke like any:
/// erased, selected, moved and undone as one, multiplied into what is under it.
extension Editor {
    /// Highlights the text selected from `a` to `b` (page pixels) on the page drawn on, in
    /// `style`'s colour and opacity. Throws when the page has no PDF text, or nothing lies
    /// between the points.
    public func highlightText(from a: Point, to b: Point, style: StrokeStyle) throws(RenderError) {
        try highlightText(lines: try Self.textLines(on: page, from: a, to: b), style: style)
    }

    /// Lays a highlight over each of `lines` (page pixels, as `PDFTextSelection.lines` gives
    /// them), one step.
    public func highlightText(lines: [Rect], style: StrokeStyle) throws(RenderError) {
        var id = nextID
        var strokes: [PageItem] = []
        for line in lines {
            let y = (line.minY + line.maxY) / 2
            strokes.append(.stroke(Stroke(id: id, tool: .highlighter, style: StrokeStyle(color: style.color, width: line.height, opacity: style.opacity),
                                          points: [Point(line.minX, y), Point(line.maxX, y)], form: PolylineForm(cap: .butt))))
            id += 1
        }
        let edit = Edit.selection(.add(strokes))
        do {
            try edit.validate(at: "the highlight")
        } catch {
            throw RenderError(error.message)
        }
        guard try perform(edit) else { return }
        nextID = id
    }

    /// The boxes of the lines of PDF text selected on `page` from `a` to `b`, top first.
    static func textLines(on page: Page, from a: Point, to b: Point) throws(RenderError) -> [Rect] {
        guard case .pdf = page.background, let selection = PDFTextSelection.select(on: page, from: a, to: b, by: .character, characters: true) else {
            throw RenderError("the page has no PDF text")
        }
        let lines = selection.lines
        guard !lines.isEmpty else {
            throw RenderError("no text of the PDF lies between (\(Int(a.x)), \(Int(a.y))) and (\(Int(b.x)), \(Int(b.y)))")
        }
        return lines
    }
}

extension PDFTextSelection {
    /// The selected characters' boxes (the reader's boxes when they were not asked for) joined
    /// line by line (boxes that overlap by half the lower one's height are one line), top first.
    public var lines: [Rect] {
        var lines: [Rect] = []
        for box in (characters.isEmpty ? boxes : characters).sorted(by: { $0.minY < $1.minY }) where box.width > 0 && box.height > 0 {
            if let i = lines.firstIndex(where: { min($0.maxY, box.maxY) - max($0.minY, box.minY) >= min($0.height, box.height) / 2 }) {
                lines[i] = lines[i].union(box)
            } else {
                lines.append(box)
            }
        }
        return lines
    }
}
