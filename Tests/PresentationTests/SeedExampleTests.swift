import Foundation
import JSON
import Presentation
import Testing

@Suite struct SeedExampleTests {
    @Test func removeDownloadIsAConfirmationDialogWithVisibleTitleAndDestructiveRemove() throws {
        let track = JSONValue.object(["id": .string("t-42"), "title": .string("Blue in Green")])
        let dialog = try present(
            .confirmationDialog(
                "Remove download", titleVisibility: .visible,
                message: "Blue in Green will no longer be available offline.",
                actions: [Action(id: "remove", label: "Remove", role: .destructive)], item: track))
        #expect(dialog.kind == .confirmationDialog)
        #expect(dialog.titleVisibility == .visible)
        #expect(dialog.title == "Remove download")
        #expect(dialog.message == "Blue in Green will no longer be available offline.")
        #expect(dialog.action("remove")?.role == .destructive)
        #expect(dialog.cancelAction?.label == "Cancel", "a dialog always offers a way out, as SwiftUI adds one")
        #expect(dialog.item?["title"]?.stringValue == "Blue in Green")
    }

    @Test func confirmOperationAlertIsBuiltFromAnEnumOfExclusiveOperations() throws {
        let reset = try present(PendingAccountAlert.resetPreferences.draft)
        #expect(reset.kind == .alert)
        #expect(reset.title == "Confirm operation")
        #expect(reset.message == "All settings will return to their defaults.")
        #expect(reset.actions.map(\.id) == ["reset", "cancel"])
        #expect(reset.action("reset")?.role == .destructive)

        let date = Date(timeIntervalSince1970: 1_790_000_000)
        let restore = try present(PendingAccountAlert.restoreBackup(date).draft)
        #expect(restore.title == "Confirm operation")
        #expect(restore.message == "Current data will be replaced by the backup from 2026-09-21.")
        #expect(restore.action("restore")?.role == nil)
        #expect(restore.cancelAction?.id == "cancel")
    }

    @Test func routeConflictAlertCancelsByKeepingTheExistingDay() throws {
        let conflict = try present(
            .alert(
                "Stop already planned", message: "Lisbon is already part of day 2.",
                actions: [Action(id: "move", label: "Move to day 3"), Action(id: "keep", label: "Keep day 2", role: .cancel)],
                item: .object(["place": .string("Lisbon"), "existingDay": .integer(2), "requestedDay": .integer(3)])))
        #expect(conflict.cancelAction?.id == "keep")
        #expect(conflict.cancelAction?.label == "Keep day 2")
        #expect(conflict.action("move")?.label == "Move to day 3")
        #expect(conflict.actions.count == 2, "an alert that has a cancel action gets no extra one")
    }

    @Test func errorAlertTakesItsTitleFromTheDescriptionAndItsMessageFromTheRecoverySuggestion() throws {
        let unavailable = try present(ExportError.destinationUnavailable.draft)
        #expect(unavailable.title == "Can't reach the destination")
        #expect(unavailable.message == "Check that the drive is still connected.")
        #expect(unavailable.error?.code == "destinationUnavailable")
        #expect(unavailable.actions.map(\.id) == ["retry", "cancel"])

        let noSpace = try present(ExportError.noAvailableSpace(required: 120).draft)
        #expect(noSpace.title == "Not enough space")
        #expect(noSpace.message == "Free at least 120 MB and try again.")
        #expect(noSpace.actions.map(\.id) == ["cancel"], "Retry is offered only when the destination is unavailable")
        #expect(noSpace.error?.failureReason != nil)
    }

    @Test func anExplicitMessageWinsOverTheRecoverySuggestion() throws {
        let alert = try present(.alert(error: ExportError.destinationUnavailable.presented, message: "Try again later."))
        #expect(alert.message == "Try again later.")
    }

    @Test func alertWithoutActionsGetsASingleOKThatCancels() throws {
        let alert = try present(.alert("Backup finished"))
        #expect(alert.actions == [Action(id: "ok", label: "OK", role: .cancel, localization: Localization("action.ok"))])
    }
}
