/// A page of a notebook and the id that names it for as long as the notebook lives (the
/// history and the caches follow a page by its id, wherever it moves).
public struct NotebookPage: Sendable, Hashable {
    public var id: UInt64
    public var page: Page

    public init(id: UInt64, page: Page) {
        self.id = id
        self.page = page
    }
}

/// A change to the list of pages, as a value: what users and scripts do (`add`, `duplicate`,
/// `move`, `delete`), and the two inverses that live in the history only (`insert`, a deleted
/// page put back; `takeBack`, an added page taken away).
public enum PagesEdit: Sendable, Hashable {
    /// A new page (no items) goes at this index.
    case add(at: Int, page: Page)
    /// A copy of the page at this index goes after it.
    case duplicate(Int)
    case move(from: Int, to: Int)
    case delete(Int)
    /// A page as it was goes back at its index, with its id.
    case insert(NotebookPage, at: Int)
    /// The page at this index goes (an added or duplicated page undone): the page before it is
    /// shown, where the user was when they added it.
    case takeBack(Int)
}

/// The pages of a document, in order, each with its id. A value: the model of every page,
/// without any pixels (the editor keeps caches for the pages it shows).
public struct Notebook: Sendable, Hashable {
    public private(set) var pages: [NotebookPage]
    /// The id the next page gets: ids never go back.
    public private(set) var nextID: UInt64

    public init(_ pages: [Page]) {
        precondition(!pages.isEmpty, "a notebook has at least one page")
        self.pages = pages.enumerated().map { NotebookPage(id: UInt64($0.offset + 1), page: $0.element) }
        nextID = UInt64(pages.count + 1)
    }

    public var count: Int { pages.count }

    public func index(of id: UInt64) -> Int? { pages.firstIndex { $0.id == id } }

    public subscript(id: UInt64) -> Page? { index(of: id).map { pages[$0].page } }

    /// Keeps `page` as the model of the page with this id.
    public mutating func store(_ page: Page, for id: UInt64) {
        guard let i = index(of: id) else { return }
        pages[i].page = page
    }

    /// A pages edit carried out: the edit that undoes it, and the page to show after it.
    public struct Applied: Sendable {
        public var undo: PagesEdit
        public var shown: UInt64
    }

    /// Carries out `edit`, returning its inverse and the page to show; nil when it cannot be
    /// done (an index outside the pages, the only page deleted, a move to where it is).
    public mutating func apply(_ edit: PagesEdit) -> Applied? {
        switch edit {
        case .add(let at, let page):
            guard (0...pages.count).contains(at) else { return nil }
            let id = nextID
            nextID += 1
            pages.insert(NotebookPage(id: id, page: page), at: at)
            return Applied(undo: .takeBack(at), shown: id)
        case .duplicate(let i):
            guard pages.indices.contains(i) else { return nil }
            let id = nextID
            nextID += 1
            pages.insert(NotebookPage(id: id, page: pages[i].page), at: i + 1)
            return Applied(undo: .takeBack(i + 1), shown: id)
        case .move(let from, let to):
            guard pages.indices.contains(from), pages.indices.contains(to), from != to else { return nil }
            let moved = pages.remove(at: from)
            pages.insert(moved, at: to)
            return Applied(undo: .move(from: to, to: from), shown: moved.id)
        case .delete(let i):
            guard pages.indices.contains(i), pages.count > 1 else { return nil }
            let gone = pages.remove(at: i)
            return Applied(undo: .insert(gone, at: i), shown: pages[min(i, pages.count - 1)].id)
        case .insert(let page, let at):
            guard (0...pages.count).contains(at), index(of: page.id) == nil else { return nil }
            pages.insert(page, at: at)
            nextID = max(nextID, page.id + 1)
            return Applied(undo: .delete(at), shown: page.id)
        case .takeBack(let i):
            guard pages.indices.contains(i), pages.count > 1 else { return nil }
            let gone = pages.remove(at: i)
            return Applied(undo: .insert(gone, at: i), shown: pages[max(i - 1, 0)].id)
        }
    }
}
