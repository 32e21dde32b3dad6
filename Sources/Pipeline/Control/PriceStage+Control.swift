import Conversion
import LensProtocol
import PriceParsing
import Tracking

extension PriceStage {
    /// Applies the control messages that arrived since the previous frame, in arrival order, and
    /// replies to each. Called by the stage itself before it processes a frame.
    func applyPendingControls() {
        guard let control else { return }
        let pending = control.inbox.takeAll()
        guard !pending.isEmpty else { return }
        for item in pending {
            apply(item, control: control)
        }
        let locked = tracker.lockedID
        let currency = currencyState(control)
        control.status.update { state in
            state.locked = locked
            state.currency = currency
        }
    }

    /// The detection as the currency mode reads it: with auto-detection off, every price is in the source currency.
    func applyingCurrencyDetection(_ price: DetectedPrice) -> DetectedPrice {
        guard let control, !control.autoDetect else { return price }
        var price = price
        price.currency = extractor.configuration.sourceCurrency
        price.currencyEvidence = .default
        return price
    }

    private func apply(_ item: PendingControl, control: StageControl) {
        let request = item.request
        var ack = AckMessage(cmd: request.command.name, id: request.id, req: request.req)
        switch request.command {
        case .lock(let trackID):
            do throws(TrackerError) {
                try tracker.lock(id: trackID)
                ack.locked = trackID
            } catch {
                refuse(item, error.description, control: control)
                return
            }
        case .unlock:
            tracker.unlock()
        case .currency(let change):
            if let failure = unconvertible(change) {
                refuse(item, failure, control: control)
                return
            }
            apply(change, control: control)
            control.preset = nil
            ack.currency = currencyState(control)
        case .preset(let name):
            if let change = item.presetChange {
                if let failure = unconvertible(change) {
                    refuse(item, "preset \(name): \(failure)", control: control)
                    return
                }
                apply(change, control: control)
            }
            control.preset = name
            ack.currency = currencyState(control)
        case .zoom, .torch, .rates, .status, .watch:
            // Not the stage's: zoom and torch go to the capture loop, the others are answered at once.
            return
        }
        item.reply.send(ack)
    }

    /// Why `change` cannot take effect, or `nil`: every currency it names must be convertible
    /// with the rate table in use, so that an `ACK` means prices will be converted.
    private func unconvertible(_ change: CurrencyChange) -> String? {
        let table = rates.current.table
        for code in [change.source].compactMap({ $0 }) + (change.targets ?? []) {
            do throws(ConversionError) {
                _ = try table.rate(from: code, to: table.base)
            } catch {
                return "\(error.description); nothing changed"
            }
        }
        return nil
    }

    private func apply(_ change: CurrencyChange, control: StageControl) {
        if let source = change.source {
            var configuration = extractor.configuration
            configuration.sourceCurrency = source
            extractor = PriceExtractor(configuration: configuration)
        }
        if let targets = change.targets {
            presenter = PricePresenter(targets: targets)
        }
        if let autoDetect = change.autoDetect {
            control.autoDetect = autoDetect
        }
    }

    private func currencyState(_ control: StageControl) -> CurrencyStateMessage {
        CurrencyStateMessage(
            source: extractor.configuration.sourceCurrency, targets: presenter.targets,
            autoDetect: control.autoDetect, preset: control.preset)
    }

    private func refuse(_ item: PendingControl, _ message: String, control: StageControl) {
        control.metrics.controlRejected.add(1, ordering: .relaxed)
        item.reply.send(ErrorMessage(
            message: message, concerns: "control", cmd: item.request.command.name, id: item.request.id, req: item.request.req))
    }
}
