public import Foundation
public import Log
import Presentation
public import Wire

/// A peer's ZeroMQ routing id, as the ROUTER socket reports it.
public typealias PeerID = Data

/// Something the socket loop must do after the state machine decided it.
///
/// The cases that carry a job, a reply or a command hold it in a box (`indirect`): a turn's effects are
/// appended, concatenated and matched several times, and each copy of an inline `Job` moved its several
/// hundred bytes and retained each of its strings; a boxed one is one retain.
public enum BrokerEffect: Sendable, Hashable {
    /// Make a change durable; every other effect of the turn waits for the commit.
    case persist(JournalChange)
    /// Answer a client.
    indirect case reply(to: PeerID, correlation: String, BrokerReply)
    /// Answer a client from the journal, after this turn's commit (history, old jobs, listings).
    indirect case query(from: PeerID, correlation: String, JournalQuery)
    /// Tell a worker something.
    indirect case send(to: PeerID, correlation: String, BrokerCommand)
    /// Hand a job to a worker; the loop adds the job's recorded history from the journal.
    indirect case dispatch(to: PeerID, job: Job)
    /// Publish an event on the PUB socket.
    indirect case publish(Event)
    /// Write a line to the broker's log, after this turn's commit.
    case log(Log.Level, String, LogSubject)
}
