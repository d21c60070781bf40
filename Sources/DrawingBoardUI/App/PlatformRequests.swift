import DrawingBoardCore

/// What the window asks of the platform, gathered between two turns of the loop: the effects in
/// the order they were asked for, and the title and pointer shape asked last, so each is asked
/// again only when it changes.
struct PlatformRequests {
    private var effects: [AppEffect] = []
    private var title: String?
    /// What the title was last made from.
    private var titleFor: (modified: Bool, state: DocumentState)?
    private var pointerShape = PointerShape.arrow

    mutating func request(_ effect: AppEffect) { effects.append(effect) }

    /// The title for a document `modified` or not in `state`: `make` is called only when those
    /// changed (this runs on every turn of the loop), and the title asked for only when it did.
    mutating func title(modified: Bool, state: DocumentState, _ make: () -> String) {
        if let shown = titleFor, shown.modified == modified, shown.state == state { return }
        titleFor = (modified, state)
        let made = make()
        if made != title {
            title = made
            effects.append(.setTitle(made))
        }
    }

    mutating func pointer(_ shape: PointerShape) {
        guard shape != pointerShape else { return }
        pointerShape = shape
        effects.append(.setPointerShape(shape))
    }

    /// The effects asked for since the last call, in order.
    mutating func take() -> [AppEffect] {
        defer { effects.removeAll() }
        return effects
    }
}
