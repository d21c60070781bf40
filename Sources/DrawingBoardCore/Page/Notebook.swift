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
    /// New pages go at this index, in order (a new empty page, a PDF's pages).
    case add(at: Int, pages: [Page])
    /// A copy of the page at this index goes after it.
    case duplicate(Int)
    case move(from: Int, to: Int)
    case delete(Int)
    /// Pages as they were go back at this index, with their ids: deleted pages put back, or
    /// (`added`) added pages given back by a redo.
    case insert([NotebookPage], at: Int, added: Bool)
    /// `count` pages from this index go (added or duplicated pages undone): the page before
    /// them is shown, where the user was when they added them.
    case takeBack(Int, count: Int)

    /// One new page at this index.
    public static func add(at index: Int, page: Page) -> PagesEdit { .add(at: index, pages: [page]) }
}

/// The pages of a document, in order, each with its id. A value: the model of every page,
/// without any pixels (the editor keeps caches for the pages it shows).
public struct Notebook: Sendable, Hashable {
    /// Most pages a notebook holds.
    public static let maxPages = PDFLimits.pages

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
        case .add(let at, let added):
            guard (0...pages.count).contains(at), !added.isEmpty, pages.count + added.count <= Self.maxPages else { return nil }
            let first = nextID
            let new = added.enumerated().map { NotebookPage(id: first + UInt64($0.offset), page: $0.element) }
            nextID += UInt64(added.count)
            pages.insert(contentsOf: new, at: at)
            return Applied(undo: .takeBack(at, count: new.count), shown: first)
        case .duplicate(let i):
            guard pages.indices.contains(i), pages.count < Self.maxPages else { return nil }
            let id = nextID
            nextID += 1
            pages.insert(NotebookPage(id: id, page: pages[i].page), at: i + 1)
            return Applied(undo: .takeBack(i + 1, count: 1), shown: id)
        case .move(let from, let to):
            guard pages.indices.contains(from), pages.indices.contains(to), from != to else { return nil }
            let moved = pages.remove(at: from)
            pages.insert(moved, at: to)
            return Applied(undo: .move(from: to, to: from), shown: moved.id)
        case .delete(let i):
            guard pages.indices.contains(i), pages.count > 1 else { return nil }
            let gone = pages.remove(at: i)
            return Applied(undo: .insert([gone], at: i, added: false), shown: pages[min(i, pages.count - 1)].id)
        case .insert(let back, let at, let added):
            guard (0...pages.count).contains(at), let first = back.first, back.allSatisfy({ index(of: $0.id) == nil }) else { return nil }
            pages.insert(contentsOf: back, at: at)
            nextID = max(nextID, (back.map(\.id).max() ?? 0) + 1)
            return Applied(undo: added ? .takeBack(at, count: back.count) : .delete(at), shown: first.id)
        case .takeBack(let i, let count):
            guard count > 0, i >= 0, i + count <= pages.count, pages.count > count else { return nil }
            let gone = Array(pages[i..<(i + count)])
            pages.removeSubrange(i..<(i + count))
            return Applied(undo: .insert(gone, at: i, added: true), shown: pages[max(i - 1, 0)].id)
        }
    }
}
