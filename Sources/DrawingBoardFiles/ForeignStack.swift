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

    func contents() throws -> DocumentContents {
        let drawing = try LayerStackComposer(size: size)
        try add(stack.nodes, to: drawing, x: 0, y: 0)
        return DocumentContents(size: size, background: .color(.white), drawing: drawing.image(), strokes: [])
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
                guard range.contains(lx), range.contains(ly) else {
                    throw DocumentError("stack.xml: layer \"\(layer.src)\" is placed at \(lx), \(ly), too far outside the image")
                }
                let op = CompositeOp(named: layer.compositeOp)
                if layer.backgroundTile != nil {
                    try picture.addTiled(try image(layer.src), x: lx, y: ly, opacity: layer.opacity, op: op)
                } else {
                    try picture.add(try image(layer.src), x: lx, y: ly, opacity: layer.opacity, op: op)
                }
            case .group(let group) where group.visible:
                guard range.contains(group.x), range.contains(group.y) else {
                    throw DocumentError("stack.xml: group \"\(group.name)\" is placed at \(group.x), \(group.y), too far outside the image")
                }
                let op = CompositeOp(named: group.compositeOp)
                let isolated = group.isolate || group.opacity < 1 || op != .srcOver
                picture.beginGroup(isolated: isolated)
                try add(group.children, to: picture, x: x + group.x, y: y + group.y)
                picture.endGroup(opacity: group.opacity, op: op)
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
