import Foundation
import Testing

@testable import Bench

@Suite struct LatchTests {
    @Test func everyWaiterGetsTheValueOpenedBeforeOrAfterItWaits() async {
        let latch = Latch<Int>()
        async let early = latch.wait(.seconds(10))
        async let other = latch.wait(.seconds(10))
        latch.open(7)
        latch.open(8)
        #expect(await early == 7)
        #expect(await other == 7)
        #expect(await latch.wait(.milliseconds(1)) == 7, "a late waiter gets it at once")
        #expect(latch.value == 7)
    }

    @Test func aWaitThatRunsOutOfTimeReturnsNil() async {
        let latch = Latch<String>()
        #expect(await latch.wait(.milliseconds(20)) == nil)
        #expect(await latch.wait(.zero) == nil)
        latch.open("later")
        #expect(await latch.wait(.zero) == "later")
    }
}
