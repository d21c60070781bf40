import DrawingBoardCore

/// The ink tiles a step saves before they change, each once: those a drag under way saved
/// already are left out.
struct TileLog {
    private(set) var records: [TileRecord] = []
    private var saved: Set<TileIndex>

    init(skipping saved: Set<TileIndex> = []) {
        self.saved = saved
    }

    mutating func save(_ tile: TileIndex, of layer: InkLayer) {
        guard !saved.contains(tile) else { return }
        record(tile, layer.payload(of: tile))
    }

    /// Saves `payload` as what `tile` held (when it is known without reading the layer).
    mutating func record(_ tile: TileIndex, _ payload: TilePayload) {
        guard saved.insert(tile).inserted else { return }
        records.append(TileRecord(tile: tile, payload: payload))
    }

    /// Forgets the tiles that were empty and are empty still (nothing to put back).
    mutating func dropUnchangedEmpty(in layer: InkLayer) {
        records.removeAll { $0.payload == .empty && !layer.surface.hasContent(in: layer.grid.rect(of: $0.tile)) }
    }
}
