package client

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	mcpclient "github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/toolbench/toolbench/target"
)

// The words Options.Protocol takes besides an exact version.
const (
	ProtocolAuto   = "auto"
	ProtocolLegacy = "legacy"
	ProtocolModern = "modern"
)

// The era names of ServerInfo.Era and Era.Name.
const (
	EraLegacy = "legacy"
	EraModern = "modern"
)

// firstProbeLimit bounds the server/discover probe when nothing is
// remembered about a server: a legacy server that ignores the probe costs
// this once, and a modern one slower than this is reached by a retry.
const firstProbeLimit = 1500 * time.Millisecond

// KnownVersions returns the protocol versions toolbench speaks, newest
// first.
func KnownVersions() []string { return slices.Clone(mcp.ValidProtocolVersions) }

// CheckProtocol reports whether p is a value Options.Protocol takes.
func CheckProtocol(p string) error {
	switch p {
	case "", ProtocolAuto, ProtocolLegacy, ProtocolModern:
		return nil
	}
	if mcp.IsValidProtocolVersion(p) {
		return nil
	}
	return fmt.Errorf("protocol %q: want auto, legacy, modern or one of the versions %s", p, strings.Join(KnownVersions(), ", "))
}

// eraKey names a server for the era store: its transport and command
// line, or its URL, hashed, since URLs may hold tokens and the store is a
// file on disk.
func eraKey(t target.Target, kind target.Transport) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00", kind)
	if kind == target.Stdio {
		for _, a := range append([]string{t.Command}, t.Args...) {
			fmt.Fprintf(h, "%d:%s\x00", len(a), a)
		}
	} else {
		fmt.Fprintf(h, "%s\x00", t.URL)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// eraPlan is how one connection attempt goes about the era.
type eraPlan struct {
	// how says, in words, why the attempt looks as it does.
	how string
	// pin is the protocol version mcp-go is pinned to; "" lets it probe.
	pin string
	// probe bounds the server/discover probe; negative leaves only the
	// initialize timeout.
	probe time.Duration
	// modernOnly refuses initialize.
	modernOnly bool
	// remembered is set when the plan comes from the era store.
	remembered bool
	// firstContact is set for an automatic probe with nothing remembered.
	firstContact bool
	// rules is what the tap saw, filled during the attempt.
	rules *eraRules
}

// options are the mcp-go options the plan needs.
func (p eraPlan) options() []mcpclient.ClientOption {
	// The tap bounds the probe itself (eraRules.probeBound), with a clock
	// a login can pause; mcp-go's own bound could not be.
	opts := []mcpclient.ClientOption{mcpclient.WithDiscoverTimeout(-1)}
	if p.pin != "" {
		opts = append(opts, mcpclient.WithProtocolVersion(p.pin))
	}
	return opts
}

// planEra picks the first attempt's plan from the option and the store.
func planEra(opts Options, key string, timeout time.Duration) eraPlan {
	switch p := opts.Protocol; {
	case p == ProtocolLegacy:
		return eraPlan{how: "protocol forced to legacy: initialize sent at once", pin: mcp.LATEST_LEGACY_PROTOCOL_VERSION, probe: -1}
	case p == ProtocolModern || p != "" && p != ProtocolAuto && mcp.IsModernProtocol(p):
		return modernPlan("protocol forced to modern")
	case p != "" && p != ProtocolAuto:
		return eraPlan{how: "protocol forced to " + p + ": initialize sent at once", pin: p, probe: -1}
	}
	if opts.Eras != nil {
		if era, ok := opts.Eras.Recall(key); ok {
			return rememberedPlan(era, timeout)
		}
	}
	return firstContactPlan("first contact", timeout)
}

func firstContactPlan(how string, timeout time.Duration) eraPlan {
	return eraPlan{how: how, probe: min(firstProbeLimit, timeout/2), firstContact: true}
}

func modernPlan(how string) eraPlan {
	return eraPlan{how: how, pin: mcp.LATEST_PROTOCOL_VERSION, probe: -1, modernOnly: true}
}

func rememberedPlan(era Era, timeout time.Duration) eraPlan {
	how := fmt.Sprintf("remembered %s %s from %s", era.Name, era.Version, era.At.UTC().Format("2006-01-02 15:04 UTC"))
	if era.Name == EraLegacy {
		pin := era.Version
		if !mcp.IsValidProtocolVersion(pin) || mcp.IsModernProtocol(pin) {
			pin = mcp.LATEST_LEGACY_PROTOCOL_VERSION
		}
		return eraPlan{how: how + ": initialize sent without a probe", pin: pin, probe: -1, remembered: true}
	}
	return eraPlan{how: how, probe: min(discoverProbeLimit, timeout/2), remembered: true}
}

// maxEraAttempts bounds the attempts of one Connect: a remembered era that
// failed, the re-check, and a modern retry after a probe that timed out.
const maxEraAttempts = 3

// connectEra connects over kind, deciding the era as the plan says and
// re-checking it when it fails: a remembered era the server rejects is
// forgotten and probed afresh; a first probe that timed out before
// initialize was refused is retried on 2026-07-28 with the full timeout,
// for a modern-only server that was slow to answer.
func connectEra(ctx context.Context, t target.Target, kind target.Transport, opts Options) (*Session, error) {
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	key := eraKey(t, kind)
	plan := planEra(opts, key, timeout)
	var history []string
	var prior error
	for attempt := 1; ; attempt++ {
		plan.rules = &eraRules{modernOnly: plan.modernOnly, probe: plan.probe}
		s, err := connect(ctx, t, kind, opts, plan)
		var nm *NotModernError
		if err != nil && prior != nil && errors.As(err, &nm) {
			// The modern retry found no modern server: what the server said
			// to initialize explains more than its silence to the probe.
			return nil, prior
		}
		if err == nil {
			s.decided(plan, history)
			if opts.Eras != nil && (opts.Protocol == "" || opts.Protocol == ProtocolAuto) {
				opts.Eras.Remember(key, Era{Name: s.info.Era, Version: s.info.ProtocolVersion, At: time.Now()})
			}
			return s, nil
		}
		next, ok := retryPlan(ctx, plan, err, timeout)
		if !ok || attempt == maxEraAttempts {
			return nil, err
		}
		if plan.remembered && opts.Eras != nil {
			opts.Eras.Forget(key)
		}
		history = append(history, plan.describe())
		if next.modernOnly {
			prior = err
		}
		plan = next
	}
}

// retryPlan says whether a failed attempt is worth another, and how.
func retryPlan(ctx context.Context, plan eraPlan, err error, timeout time.Duration) (eraPlan, bool) {
	var ce *ConnectError
	if ctx.Err() != nil || errors.Is(err, ErrCancelled) || !errors.As(err, &ce) || ce.Phase == PhaseStart {
		return eraPlan{}, false
	}
	r := plan.rules
	r.mu.Lock()
	rejected, timedOut := r.rejected, r.discoverTimedOut
	r.mu.Unlock()
	switch {
	case plan.remembered && rejected:
		return firstContactPlan("re-checked", timeout), true
	case plan.firstContact && timedOut && rejected:
		return modernPlan("retried on 2026-07-28 with the full timeout"), true
	}
	return eraPlan{}, false
}

// describe says what an attempt did, from what the tap saw.
func (p eraPlan) describe() string {
	parts := []string{p.how}
	r := p.rules
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.discover != "" {
		parts = append(parts, r.discover)
	}
	if r.initialize != "" {
		parts = append(parts, r.initialize)
	}
	return strings.Join(parts, "; ")
}

// decided records the era the session settled on and how.
func (s *Session) decided(plan eraPlan, history []string) {
	s.info.Era = EraLegacy
	if mcp.IsModernProtocol(s.info.ProtocolVersion) {
		s.info.Era = EraModern
	}
	s.info.Decided = strings.Join(append(history, plan.describe()), "; then ")
}

// eraRules builds the tap's rules for an attempt made with plan.
func (s *Session) eraRules(plan eraPlan) *eraRules {
	r := plan.rules
	if r == nil {
		r = &eraRules{modernOnly: plan.modernOnly, probe: plan.probe}
	}
	r.isModern = func() bool { return mcp.IsModernProtocol(s.mc.ProtocolVersion()) }
	r.lastStatus = func() int {
		if s.probe == nil {
			return 0
		}
		if a := s.probe.lastAnswer(); a != nil {
			return a.Status
		}
		return 0
	}
	return r
}
