import Testing
import ZeroMQ

@Suite struct MailboxTests {
    struct Post: Sendable, Equatable {
        let sender: Int
        let index: Int
    }

    @Test func postsFromTwoThreadsArriveInOrderAndNoneIsLost() throws {
        let mailbox = try Mailbox<Post>()
        let perSender = 5_000
        for sender in 0..<2 {
            onNewThread {
                for index in 0..<perSender { mailbox.post(Post(sender: sender, index: index)) }
            }
        }
        var received: [Post] = []
        while received.count < 2 * perSender {
            let batch = try nextMessages(from: mailbox)
            try #require(!batch.isEmpty, "timed out after \(received.count) messages")
            received += batch
        }
        for sender in 0..<2 {
            #expect(received.filter { $0.sender == sender }.map(\.index) == Array(0..<perSender))
        }
        #expect(mailbox.drain().isEmpty)
    }

    @Test func theDescriptorIsReadableOnlyWhileMessagesWait() throws {
        let mailbox = try Mailbox<String>()
        let item = PollItem.fileDescriptor(mailbox.fileDescriptor)
        #expect(try poll([item], timeout: .zero) == [false])
        mailbox.post("a")
        mailbox.post("b")
        #expect(try poll([item], timeout: patience) == [true])
        #expect(mailbox.drain() == ["a", "b"])
        #expect(try poll([item], timeout: .zero) == [false])
    }

    @Test func whatTheOwnerPostedItselfIsSeenAndTakenWithoutAPoll() throws {
        let mailbox = try Mailbox<String>()
        #expect(!mailbox.hasMessages)
        mailbox.post("result")
        #expect(mailbox.hasMessages)
        #expect(mailbox.drain() == ["result"])
        // Taking it also consumed the wake-up it left: the owner's next poll does not wake for nothing.
        #expect(!mailbox.hasMessages)
        #expect(try poll([.fileDescriptor(mailbox.fileDescriptor)], timeout: .zero) == [false])
    }

    @Test func aClosedMailboxRefusesPostsAndDropsWhatWasWaiting() throws {
        let mailbox = try Mailbox<Int>()
        #expect(mailbox.post(1))
        mailbox.close()
        #expect(!mailbox.post(2))
        #expect(mailbox.drain().isEmpty)
    }
}
