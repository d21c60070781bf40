import DrawingBoardCore
import DrawingBoardRender
import Foundation

/// Another app's OpenRaster stack, shown as that app shows it: groups with their visibility,
/// opacity, offsets and operations (an isolated group composited on its own, then faded as
/// one picture), hidden groups and layers left out, and MyPaint's background tile repeated
/// over the page. What they show becomes the drawing, over white, that new strokes go over
/// (as `script-format.md` says).
struct ForeignStack {
    let stack: StackXML
    let size: PixelSize
    /// Decodes the layer file `src` (checked and limited by the reader).
    let image: (String) throws -> RasterImage

    /// The files of every layer that shows (for the reader's pixel budget).
    var shownSources: [String] { Self.shown(stack.nodes).map(\.src) }

    /// Pixels the groups composited on their own may hold at once, and in all: each holds a
    /// picture the size of the page while it is composited, so a file of many nested or many
    /// faded groups is refused before any is made.
    let groupBudget: (atOnce: Int, inAll: Int)

    func contents() throws -> DocumentContents {
        let (deepest, count) = Self.isolatedGroups(stack.nodes)
        guard (deepest + 1) * size.area <= groupBudget.atOnce, count * size.area <= groupBudget.inAll else {
            throw DocumentError("its groups would hold more than \(groupBudget.atOnce) pixels at once or \(groupBudget.inAll) in all "
                                + "(\(count) groups composited on their own, \(deepest) inside each other, on a \(size) image)")
        }
        let drawing = try LayerStackComposer(size: size)
        try add(stack.nodes, to: drawing, x: 0, y: 0)
        return DocumentContents(size: size, background: .color(.white), drawing: try drawing.image(), strokes: [])
    }

    /// Whether `group` is composited on its own: asked to be, or faded, or with an operation.
    static func isolated(_ group: StackXML.Group) -> Bool {
        group.isolate || group.opacity < 1 || CompositeOp(named: group.compositeOp) != .srcOver
    }

    /// Of the groups that show and hold a layer that shows: how many composited on their own
    /// are inside each other at most, and how many there are.
    static func isolatedGroups(_ nodes: [StackXML.Node]) -> (deepest: Int, count: Int) {
        var deepest = 0, count = 0
        for case .group(let group) in nodes where group.visible && !shown(group.children).isEmpty {
            let inner = isolatedGroups(group.children)
            let own = isolated(group) ? 1 : 0
            deepest = max(deepest, inner.deepest + own)
            count += inner.count + own
        }
        return (deepest, count)
    }

    /// Composites `nodes` (top-most first) bottom first, each decoded, added and let go.
    private func add(_ nodes: [StackXML.Node], to picture: LayerStackComposer, x: Int, y: Int) throws {
        let range = -Int(PageLimits.coordinate)...Int(PageLimits.coordinate)
        for node in nodes.reversed() {
            switch node {
            case .layer(let layer) where layer.visible:
                // Each offset is checked before it is added (no overflow), then the sum.
                guard range.contains(layer.x), range.contains(layer.y), range.contains(x + layer.x), range.contains(y + layer.y) else {
                    throw DocumentError("stack.xml: layer \"\(layer.src)\" is placed at \(layer.x), \(layer.y), too far outside the image")
                }
                let (lx, ly) = (x + layer.x, y + layer.y)
                let op = CompositeOp(named: layer.compositeOp)
                if layer.backgroundTile != nil {
                    try picture.addTiled(try image(layer.src), x: lx, y: ly, opacity: layer.opacity, op: op)
                } else {
                    try picture.add(try image(layer.src), x: lx, y: ly, opacity: layer.opacity, op: op)
                }
            case .group(let group) where group.visible && !Self.shown(group.children).isEmpty:
                guard range.contains(group.x), range.contains(group.y) else {
                    throw DocumentError("stack.xml: group \"\(group.name)\" is placed at \(group.x), \(group.y), too far outside the image")
                }
                picture.beginGroup(isolated: Self.isolated(group))
                try add(group.children, to: picture, x: x + group.x, y: y + group.y)
                picture.endGroup(opacity: group.opacity, op: CompositeOp(named: group.compositeOp))
            default:
                break
            }
        }
    }

    /// The layers that show: visible, in visible groups.
    static func shown(_ nodes: [StackXML.Node]) -> [StackXML.Layer] {
        nodes.flatMap { node -> [StackXML.Layer] in
            switch node {
            case .layer(let layer): layer.visible ? [layer] : []
            case .group(let group): group.visible ? shown(group.children) : []
            }
        }
    }
}
