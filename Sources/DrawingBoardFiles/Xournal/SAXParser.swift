import CXML2
import Foundation

/// What a SAX reader hears: elements starting (with their attributes) and ending, and text.
protocol SAXEvents: AnyObject {
    func start(_ name: String, _ attributes: SAXAttributes)
    func end(_ name: String)
    func characters(_ bytes: UnsafeBufferPointer<UInt8>)
}

/// An element's attributes as libxml2 hands them over (name, prefix, URI, value start, value
/// end, for each), read in place: a value becomes a String only when it is asked for.
struct SAXAttributes {
    let pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    private func index(of key: String) -> Int? {
        guard let pointers else { return nil }
        return key.withCString { name in
            (0..<count).first { strcmp(UnsafeRawPointer(pointers[5 * $0]!).assumingMemoryBound(to: CChar.self), name) == 0 }
        }
    }

    /// The value's bytes, without a copy.
    func bytes(_ key: String) -> UnsafeBufferPointer<UInt8>? {
        guard let i = index(of: key), let start = pointers?[5 * i + 3], let end = pointers?[5 * i + 4] else { return nil }
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    subscript(_ key: String) -> String? { bytes(key).map { String(decoding: $0, as: UTF8.self) } }
}

/// libxml2's SAX2 push parser, fed the document in pieces. It reads no DTD and substitutes no
/// entity (only XML's own five and character references are known), touches no network, and
/// allows a text of more than 10 MB (a stroke of a million points) and a document of any size:
/// the reader bounds those itself.
final class SAXParser {
    private var context: xmlParserCtxtPtr?
    private var handler = xmlSAXHandler()
    private let events: SAXEvents
    /// libxml2's error number, once it found the document not well formed.
    private(set) var errorCode: Int32 = 0
    private(set) var errorLine: Int32 = 0
    private(set) var errorColumn: Int32 = 0

    init(events: SAXEvents) throws(DocumentError) {
        self.events = events
        xmlInitParser()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { ctx, name, _, _, _, _, count, _, attributes in
            guard let ctx, let name else { return }
            let me = Unmanaged<SAXParser>.fromOpaque(ctx).takeUnretainedValue()
            me.events.start(String(cString: name), SAXAttributes(pointers: attributes, count: Int(count)))
        }
        handler.endElementNs = { ctx, name, _, _ in
            guard let ctx, let name else { return }
            Unmanaged<SAXParser>.fromOpaque(ctx).takeUnretainedValue().events.end(String(cString: name))
        }
        handler.characters = { ctx, bytes, length in
            guard let ctx, let bytes, length > 0 else { return }
            Unmanaged<SAXParser>.fromOpaque(ctx).takeUnretainedValue().events.characters(UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        handler.cdataBlock = handler.characters
        // Errors are kept here, never printed.
        handler.serror = { ctx, error in
            guard let ctx, let error else { return }
            let me = Unmanaged<SAXParser>.fromOpaque(ctx).takeUnretainedValue()
            guard me.errorCode == 0, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            me.errorCode = error.pointee.code
            me.errorLine = error.pointee.line
            me.errorColumn = error.pointee.int2
        }
        context = xmlCreatePushParserCtxt(&handler, Unmanaged.passUnretained(self).toOpaque(), nil, 0, nil)
        guard let context else { throw DocumentError("cannot start reading its XML") }
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
    }

    /// Reads the next piece (`last`: the document ends with it). False once the document was
    /// found not well formed or the reader stopped it.
    @discardableResult
    func feed(_ bytes: UnsafeBufferPointer<UInt8>, last: Bool = false) -> Bool {
        guard let context else { return false }
        let result = bytes.withMemoryRebound(to: CChar.self) { chars in
            xmlParseChunk(context, chars.baseAddress, Int32(chars.count), last ? 1 : 0)
        }
        if result != 0, errorCode == 0 {
            errorCode = result
            errorLine = Int32(xmlSAX2GetLineNumber(context))
            errorColumn = Int32(xmlSAX2GetColumnNumber(context))
        }
        return result == 0 && errorCode == 0
    }

    /// Stops reading (the reader found what it refuses).
    func stop() {
        if let context { xmlStopParser(context) }
    }

    /// The line being read, for messages.
    var line: Int { context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0 }

    /// What libxml2 found wrong, in words, with its place.
    var problem: String { "\(XMLProblem.words(for: Int(errorCode))) at line \(errorLine), column \(errorColumn)" }
}
