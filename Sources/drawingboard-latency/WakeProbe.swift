import CCairo
import Foundation

/// `drawingboard-latency --wake-probe`: what waking up costs this machine's caches. Another
/// thread wakes this one through a pipe every 4 ms, as a 250 Hz pointer would; after each
/// wake-up the probe times one short Cairo stroke (a 6 px curve, 4 px wide, round caps) and a
/// read of 64 KB, then the same work again at once, warm. On machines where a wake-up leaves the
/// caches cold, the first figures are several times the second, and an app's CPU per motion
/// follows how much code and memory it touches more than how many instructions it runs.
func runWakeProbe() -> Never {
    let rounds = 2000
    var toProbe: [Int32] = [-1, -1], toWaker: [Int32] = [-1, -1]
    guard pipe(&toProbe) == 0, pipe(&toWaker) == 0,
          let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1000, 700), let cr = cairo_create(surface) else {
        FileHandle.standardError.write(Data("drawingboard-latency: the wake probe cannot start\n".utf8))
        exit(2)
    }
    let memory = UnsafeMutableRawPointer.allocate(byteCount: 65536, alignment: 64)
    memory.initializeMemory(as: UInt8.self, repeating: 1, count: 65536)
    let (waker, answer) = (toProbe[1], toWaker[0])
    let thread = Thread {
        var byte: UInt8 = 0
        for _ in 0..<rounds {
            usleep(4000)
            _ = write(waker, &byte, 1)
            _ = read(answer, &byte, 1)
        }
    }
    thread.start()
    var k = 0
    func stroke() {
        let x = 100 + Double(k % 800), y = 100 + Double(k / 800 % 500)
        k += 7
        cairo_set_line_width(cr, 4)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_move_to(cr, x, y)
        cairo_curve_to(cr, x + 2, y + 1, x + 4, y + 2, x + 6, y + 2)
        cairo_stroke(cr)
    }
    // The same 64 KB every round, one byte a cache line: read at the end of the last round,
    // it was in the caches when the thread went to sleep.
    func readMemory() -> UInt8 {
        var sum: UInt8 = 0
        for i in stride(from: 0, to: 65536, by: 64) { sum &+= memory.load(fromByteOffset: i, as: UInt8.self) }
        return sum
    }
    var cold = (stroke: 0.0, read: 0.0), warm = (stroke: 0.0, read: 0.0)
    var sink: UInt8 = 0, byte: UInt8 = 0
    for _ in 0..<rounds {
        var fd = pollfd(fd: toProbe[0], events: Int16(POLLIN), revents: 0)
        _ = poll(&fd, 1, -1)
        _ = read(toProbe[0], &byte, 1)
        var t = threadSeconds()
        stroke()
        var u = threadSeconds()
        cold.stroke += u - t
        stroke()
        t = threadSeconds()
        warm.stroke += t - u
        sink &+= readMemory()
        u = threadSeconds()
        cold.read += u - t
        sink &+= readMemory()
        t = threadSeconds()
        warm.read += t - u
        _ = write(toWaker[1], &byte, 1)
    }
    let n = Double(rounds) / 1e6
    print(String(format: "wake probe: after a wake-up, a short Cairo stroke %.1f us and reading 64 KB %.1f us; warm, %.1f and %.1f us (%.1fx and %.1fx)",
                 cold.stroke / n, cold.read / n, warm.stroke / n, warm.read / n, cold.stroke / warm.stroke, cold.read / warm.read))
    // The sums are used, so the reads are not optimised away.
    if sink == 42 { print("") }
    exit(0)
}

func threadSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
