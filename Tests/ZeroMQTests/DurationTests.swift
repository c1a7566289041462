import Testing

@testable import ZeroMQ

@Suite struct DurationTests {
    @Test(arguments: [
        (Duration.zero, Int32(0)),
        (.milliseconds(-5), 0),
        (.nanoseconds(1), 1),
        (.microseconds(1_500), 2),
        (.milliseconds(250), 250),
        (.seconds(3), 3_000),
        (.seconds(Int64.max), Int32.max),
    ])
    func durationsBecomeWholeMillisecondsRoundedUp(duration: Duration, milliseconds: Int32) {
        #expect(duration.roundedUpMilliseconds == milliseconds)
    }
}
