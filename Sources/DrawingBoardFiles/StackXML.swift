import DrawingBoardCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The parts of an OpenRaster `stack.xml` that DrawingBoard uses: the image size, the layers
/// top-most first (nested stacks flattened in order: how DrawingBoard's own files are read),
/// and the same as the tree of groups other apps write (`nodes`).
struct StackXML {
    /// A group (`<stack>`): where its children are offset to, how it goes over what is under
    /// it, and its children, top-most first.
    struct Group: Equatable {
        var name = ""
        var x = 0
        var y = 0
        var opacity = 1.0
        var visible = true
        var compositeOp = "svg:src-over"
        /// `isolation="isolate"`: composited on its own even at full opacity over src-over.
        var isolate = false
        var children: [Node] = []
    }

    indirect enum Node: Equatable {
        case layer(Layer)
        case group(Group)
    }

    /// Groups inside groups, at most: a deeper file is refused rather than recursed into.
    static let maxDepth = 64

    struct Layer: Equatable {
        var name: String
        var src: String
        var x: Int
        var y: Int
        var opacity: Double
        var visible: Bool
        /// How the layer goes over those under it: `svg:src-over`, `svg:multiply`, ...
        var compositeOp = "svg:src-over"
        /// MyPaint's background: this picture is a tile repeated over the whole image.
        var backgroundTile: String?
    }

    var width: Int
    var height: Int
    var layers: [Layer]
    var nodes: [Node] = []

    static func parse(_ data: Data) throws(DocumentError) -> StackXML {
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        let delegate = Delegate()
        parser.delegate = delegate
        // parse() can say true with an error recorded (an element left open): both count.
        guard parser.parse(), parser.parserError == nil, delegate.problem == nil else {
            throw DocumentError("stack.xml is not valid: \(delegate.problem ?? XMLProblem.describe(parser))")
        }
        guard let w = delegate.width, let h = delegate.height else { throw DocumentError("stack.xml has no image size") }
        return StackXML(width: w, height: h, layers: delegate.layers, nodes: delegate.open[0].children)
    }

    static func write(width: Int, height: Int, layers: [Layer]) -> Data {
        func esc(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        var xml = "<?xml version='1.0' encoding='UTF-8'?>\n"
        xml += "<image version=\"0.0.3\" w=\"\(width)\" h=\"\(height)\" xres=\"72\" yres=\"72\">\n  <stack>\n"
        for l in layers {
            xml += "    <layer name=\"\(esc(l.name))\" src=\"\(esc(l.src))\" x=\"\(l.x)\" y=\"\(l.y)\" opacity=\"\(l.opacity)\""
            xml += " visibility=\"\(l.visible ? "visible" : "hidden")\" composite-op=\"\(esc(l.compositeOp))\"/>\n"
        }
        xml += "  </stack>\n</image>\n"
        return Data(xml.utf8)
    }

    private final class Delegate: NSObject, XMLParserDelegate {
        var width: Int?
        var height: Int?
        var layers: [Layer] = []
        var problem: String?
        var sawImage = false
        /// The groups open now, outermost first; the first stands for the image itself.
        var open = [Group()]
        var groups = 0

        func fail(_ parser: XMLParser, _ text: String) {
            problem = problem ?? text
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            func int(_ key: String) -> Int { attributes[key].flatMap { Int($0) } ?? 0 }
            let opacity = attributes["opacity"].flatMap { Double($0) }.map { $0.isFinite ? min(max($0, 0), 1) : 1 } ?? 1
            let visible = attributes["visibility"] != "hidden"
            let op = attributes["composite-op"] ?? "svg:src-over"
            switch name {
            case "image" where !sawImage:
                sawImage = true
                width = attributes["w"].flatMap { Int($0) }
                height = attributes["h"].flatMap { Int($0) }
            case "stack":
                guard open.count <= StackXML.maxDepth else { return fail(parser, "groups are nested more than \(StackXML.maxDepth) deep") }
                open.append(Group(name: attributes["name"] ?? "", x: int("x"), y: int("y"), opacity: opacity, visible: visible,
                                  compositeOp: op, isolate: attributes["isolation"] == "isolate"))
                groups += 1
                if layers.count + groups > OpenRaster.maxEntries { fail(parser, "more than \(OpenRaster.maxEntries) layers and groups") }
            case "layer":
                guard let src = attributes["src"] else { return fail(parser, "a layer has no src") }
                let layer = Layer(name: attributes["name"] ?? "", src: src, x: int("x"), y: int("y"), opacity: opacity, visible: visible,
                                  compositeOp: op, backgroundTile: attributes["background_tile"] ?? attributes["mypaint:background-tile"])
                layers.append(layer)
                open[open.count - 1].children.append(.layer(layer))
                if layers.count + groups > OpenRaster.maxEntries { fail(parser, "more than \(OpenRaster.maxEntries) layers and groups") }
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard name == "stack", open.count > 1, let group = open.popLast() else { return }
            open[open.count - 1].children.append(.group(group))
        }
    }
}
