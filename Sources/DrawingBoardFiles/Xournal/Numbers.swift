import Foundation

/// Whitespace-separated numbers, read without the locale, each one finite.
enum Numbers {
    static func parse(_ text: String, what: String, limit: Int) throws(DocumentError) -> [Double] {
        var copy = text
        let result = copy.withUTF8 { bytes -> Result<[Double], DocumentError> in
            do throws(DocumentError) {
                return .success(try parse(bytes, what: what, limit: limit))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The same, read from bytes in place, in one pass: a plain decimal (`-12.375`, at most 15
    /// digits, no exponent) is its digits as a whole number divided once by an exact power of
    /// ten, which is the correctly rounded value `strtod` gives; anything else is read the
    /// long way.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, what: String, limit: Int) throws(DocumentError) -> [Double] {
        var values: [Double] = []
        values.reserveCapacity(min(limit, bytes.count / 4 + 1))
        guard let base = bytes.baseAddress else { return values }
        let n = bytes.count
        var i = 0
        while true {
            while i < n, base[i] <= 0x20, base[i] == 0x20 || base[i] == 0x0A || base[i] == 0x09 || base[i] == 0x0D { i += 1 }
            guard i < n else { break }
            let start = i
            var negative = false
            if base[i] == 0x2D { negative = true; i += 1 } else if base[i] == 0x2B { i += 1 }
            var mantissa: UInt64 = 0, digits = 0, fraction = 0, point = false, plain = true
            while i < n {
                let c = base[i]
                if c &- 0x30 < 10 {
                    mantissa = mantissa &* 10 &+ UInt64(c &- 0x30)
                    digits += 1
                    if point { fraction += 1 }
                } else if c == 0x2E && !point {
                    point = true
                } else if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D {
                    break
                } else {
                    plain = false
                }
                i += 1
            }
            guard values.count < limit else { throw DocumentError("\(what) has more than \(limit) numbers") }
            if plain, digits > 0, digits <= 15 {
                let value = Double(mantissa) / tens[fraction]
                values.append(negative ? -value : value)
                continue
            }
            let word = UnsafeBufferPointer(start: base + start, count: i - start)
            guard let v = Double(Substring(decoding: word, as: UTF8.self)), v.isFinite else {
                throw DocumentError("\(what) has \"\(String(decoding: word.prefix(30), as: UTF8.self))\", which is not a finite number")
            }
            values.append(v)
        }
        return values
    }

    /// Powers of ten a double holds exactly.
    private static let tens: [Double] = (0...22).map { pow(10, Double($0)) }
}
