import Testing

/// Every end-to-end test: real `interlude` processes on loopback, one scenario at a time (the
/// machine has few cores and each scenario runs several processes).
@Suite("End to end (real interlude processes)", .serialized, .timeLimit(.minutes(2)))
struct EndToEnd {}

let blueInGreen = #"{"trackID":"t-101","title":"Blue in Green"}"#
let soWhat = #"{"trackID":"t-102","title":"So What"}"#
