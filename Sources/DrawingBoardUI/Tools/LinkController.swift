import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// The links of PDF pages in the window: a hand pointer over one with the Select tool (with any
/// tool while Ctrl is held); a click follows it: a link to a page of the PDF goes to the
/// notebook's page that shows it (wherever it went), a link to the web opens in the browser
/// after a question that names the address.
public final class LinkController {
    unowned let app: AppController
    /// The links of the page drawn on, found once per page.
    private var cached: (page: UInt64, links: [PDFLink])?
    /// Where the mouse rests over the page (nil: elsewhere), and whether a click there
    /// follows a link (the pointer is a hand).
    private var hovering: Point?
    private(set) var overLink = false
    /// Ctrl is held: presses follow links whatever the tool. The hand shows or goes at once.
    var ctrlHeld = false {
        didSet { if ctrlHeld != oldValue { hover(hovering) } }
    }

    init(app: AppController) {
        self.app = app
    }

    private var editor: Editor { app.editor }

    /// The links of the page drawn on.
    var links: [PDFLink] {
        let id = editor.pages.currentID
        if let cached, cached.page == id { return cached.links }
        let found = PDFLink.links(on: editor.page)
        cached = (id, found)
        return found
    }

    /// The link under window point `p` (on the page drawn on), if any.
    public func link(at p: Point) -> PDFLink? {
        guard case .pdf = editor.page.background else { return nil }
        let q = app.view.toCanvas(p)
        return links.first { $0.area.insetBy(-2).contains(q) }
    }

    /// Whether presses follow links with the tool in hand, Ctrl or not: the Select tool (its
    /// Text choice selects text instead). With Ctrl held, a press follows them with any tool
    /// (the press says so).
    var follows: Bool { editor.toolState.tool == .select && app.lasso.area != .text }

    /// The mouse rests at window point `p` over the page (nil: elsewhere).
    func hover(_ p: Point?) {
        hovering = p
        overLink = (follows || ctrlHeld) && p.flatMap { link(at: $0) } != nil
    }

    /// A press: true when it was on a link it followed.
    func press(_ event: PointerEvent) -> Bool {
        guard follows || event.modifiers.contains(.control), let link = link(at: event.position) else { return false }
        follow(link)
        return true
    }

    /// Follows `link`: its page shown, or the question before the browser.
    public func follow(_ link: PDFLink) {
        switch link.target {
        case .pdfPage(let index):
            guard case .pdf(let here) = editor.page.background else { return }
            show(pdfPage: index, of: here.file)
        case .web(let address):
            app.document.questions.ask(.openLink(address))
        }
    }

    /// Shows the notebook's page holding page `index` of `file`, wherever it is now (a link,
    /// an entry of the Contents).
    func show(pdfPage index: Int, of file: PDFFile) {
        let target = (0..<editor.pages.count).first { i in
            if case .pdf(let other) = editor.pages.entry(i).page.background { return other.file.digest == file.digest && other.index == index }
            return false
        }
        guard let target else { return app.chrome.show(info: "That page of the PDF is not in this notebook") }
        app.pages.go(to: target)
        // The page under the resting mouse is another now: the hand goes unless a link is there.
        hover(hovering)
    }
}
