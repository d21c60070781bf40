import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What a failed XMLParser found wrong, in words with its line and column, instead of
/// "NSXMLParserErrorDomain error 29". The codes are libxml2's, which XMLParser passes on.
enum XMLProblem {
    static func describe(_ parser: XMLParser) -> String {
        let code = (parser.parserError as NSError?)?.code ?? 0
        let place = "line \(parser.lineNumber), column \(parser.columnNumber)"
        return "\(words(for: code)) at \(place)"
    }

    /// libxml2's error numbers (xmlerror.h), in words.
    static func words(for code: Int) -> String {
        switch code {
        case 2: return "it needs more memory than the parser may use"
        case 3, 4: return "it is not XML (no element where the document should start)"
        case 5: return "the document ends too early (an element is not closed)"
        case 6...13, 87: return "an invalid character or character reference"
        case 14...25: return "a malformed entity reference (an & not followed by a name and ;)"
        case 26...30, 36, 37, 88: return "an entity that is not allowed here (only &amp; &lt; &gt; &quot; &apos; are)"
        case 31, 32, 79, 81: return "an unknown or unsupported character encoding"
        case 33, 34, 43, 44: return "a quoted value that is not closed"
        case 38: return "a < inside an attribute value"
        case 39, 40, 41, 75, 84: return "a malformed attribute (each needs a name, = and a quoted value)"
        case 42: return "an attribute given twice in one tag"
        case 45, 80: return "a comment that is not closed properly"
        case 46, 47, 56, 57, 64: return "a malformed processing instruction or XML declaration"
        case 48...55, 58...61, 83, 94, 95: return "a document type declaration, which DrawingBoard does not accept"
        case 62, 63: return "a CDATA section that is not closed properly"
        case 65, 66: return "a space is missing"
        case 67...74: return "a tag that is not written properly"
        case 76: return "a closing tag does not match the tag it closes"
        case 77: return "a tag that is never closed"
        case 85: return "the elements are not properly nested"
        case 86: return "there is more after the document's root element"
        case 89: return "entities that refer to each other in a loop"
        case 90: return "an entity that crosses an element's boundary"
        default: return "malformed XML (libxml2 error \(code))"
        }
    }
}
