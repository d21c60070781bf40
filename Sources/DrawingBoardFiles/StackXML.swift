import DrawingBoardCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The parts of an OpenRaster `stack.xml` that DrawingBoard uses: the image size and the
/// layers, top-most first (nested stacks are flattened in order).
struct StackXML {
    struct Layer: Equatable {
        var name: String
        var src: String
        var x: Int
        var y: Int
        var opacity: Double
        var visible: Bool
        /// How the layer goes over those under it: `svg:src-over`, or `svg:multiply`.
        var compositeOp = "svg:src-over"
    }

    var width: Int
    var height: Int
    var layers: [Layer]

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
        return StackXML(width: w, height: h, layers: delegate.layers)
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

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch name {
            case "image" where !sawImage:
                sawImage = true
                width = attributes["w"].flatMap { Int($0) }
                height = attributes["h"].flatMap { Int($0) }
            case "layer":
                guard let src = attributes["src"] else {
                    problem = "a layer has no src"
                    parser.abortParsing()
                    return
                }
                layers.append(Layer(
                    name: attributes["name"] ?? "",
                    src: src,
                    x: attributes["x"].flatMap { Int($0) } ?? 0,
                    y: attributes["y"].flatMap { Int($0) } ?? 0,
                    opacity: attributes["opacity"].flatMap { Double($0) }.map { $0.isFinite ? min(max($0, 0), 1) : 1 } ?? 1,
                    visible: attributes["visibility"] != "hidden",
                    compositeOp: attributes["composite-op"] ?? "svg:src-over"))
                if layers.count > OpenRaster.maxEntries {
                    problem = "more than \(OpenRaster.maxEntries) layers"
                    parser.abortParsing()
                }
            default:
                break
            }
        }
    }
}
