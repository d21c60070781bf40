import DrawingBoardCore
import DrawingBoardRender

/// The Background panel's paper: its ruling, colour, spacing and line colour.
extension AppController {
    /// The page's paper, when the background is paper.
    var paper: Paper? {
        if case .paper(let paper) = editor.background { return paper }
        return nil
    }

    /// The background of `color`: the paper in that colour when the page is paper.
    func background(ofColor color: RGBColor) -> Background {
        guard var paper else { return .color(color) }
        paper.color = color
        return .paper(paper)
    }

    /// The paper's line colour, as one undoable step.
    func choosePaperLine(_ color: RGBColor) {
        guard var paper, paper.line != color else { return }
        paper.line = color
        do {
            try editor.setBackground(.paper(paper))
        } catch {
            show(error: "\(error)")
        }
        invalidateChrome()
    }

    /// The Background panel's paper choice: plain, or ruled (the spacing and line colour kept
    /// from the paper there is, if any), as one undoable step.
    func choosePaper(_ ruling: Paper.Ruling?) {
        let next: Background
        if let ruling {
            var paper = self.paper ?? Paper(ruling, color: backgroundColor)
            paper.ruling = ruling
            next = .paper(paper)
        } else {
            next = .color(backgroundColor)
        }
        guard next != editor.background else { return }
        do {
            try editor.setBackground(next)
        } catch {
            show(error: "\(error)")
        }
        invalidateChrome()
    }
}
