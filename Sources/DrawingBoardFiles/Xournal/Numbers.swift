import Foundation

/// Whitespace-separated numbers, read without the locale, each one finite.
enum Numbers {
    static func parse(_ text: String, what: String, limit: Int) throws(DocumentError) -> [Double] {
        var values: [Double] = []
        var failure: DocumentError?
        var copy = text
        copy.withUTF8 { bytes in
            var i = 0
            let n = bytes.count
            while i < n {
                while i < n, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x09 || bytes[i] == 0x0D { i += 1 }
                guard i < n else { break }
                let start = i
                while i < n, !(bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x09 || bytes[i] == 0x0D) { i += 1 }
                guard values.count < limit else {
                    failure = DocumentError("\(what) has more than \(limit) numbers")
                    return
                }
                guard let v = fast(bytes, start, i) ?? Double(Substring(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)),
                      v.isFinite else {
                    let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(i, start + 30)]), as: UTF8.self)
                    failure = DocumentError("\(what) has \"\(word)\", which is not a finite number")
                    return
                }
                values.append(v)
            }
        }
        if let failure { throw failure }
        return values
    }

    /// Powers of ten a double holds exactly.
    private static let tens: [Double] = (0...22).map { pow(10, Double($0)) }

    /// A plain decimal (`-12.375`: at most 15 digits, no exponent) read exactly as `strtod`
    /// reads it: its digits as a whole number, divided once by an exact power of ten, is the
    /// correctly rounded value. Nil for anything else (read the long way).
    @inline(__always)
    private static func fast(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var i = start
        var negative = false
        if b[i] == 0x2D { negative = true; i += 1 } else if b[i] == 0x2B { i += 1 }
        var mantissa: UInt64 = 0, digits = 0, fraction = 0, seenPoint = false
        guard i < end else { return nil }
        while i < end {
            let c = b[i]
            if c >= 0x30 && c <= 0x39 {
                mantissa = mantissa &* 10 &+ UInt64(c &- 0x30)
                digits += 1
                if seenPoint { fraction += 1 }
            } else if c == 0x2E && !seenPoint {
                seenPoint = true
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0, digits <= 15 else { return nil }
        let value = Double(mantissa) / tens[fraction]
        return negative ? -value : value
    }
}
