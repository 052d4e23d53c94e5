package call

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/target"
)

// callMemory is what `call` remembers and recalls: the history it
// appends to (unless --no-history), the preset it starts from (--preset)
// and the one it saves (--save-preset).
type callMemory struct {
	// Store opens the history store; injected, so tests choose the
	// directory.
	Store func() (*history.Store, error)
	// NoHistory is --no-history.
	NoHistory bool
	// Preset is --preset: the saved arguments the call starts from.
	Preset string
	// SavePreset is --save-preset: the name to save the arguments under.
	SavePreset string
}

func (m *callMemory) addFlags(fs *pflag.FlagSet) {
	fs.BoolVar(&m.NoHistory, "no-history", false, "do not append this call to the history")
	fs.StringVar(&m.Preset, "preset", "", "start from the arguments saved as preset `NAME` for this server and tool; --args and --arg apply on top")
	fs.StringVar(&m.SavePreset, "save-preset", "", "save the arguments as sent as preset `NAME` for this server and tool")
}

// check refuses a --save-preset name, and a presets file that --preset
// or --save-preset cannot use, before anything is started: a broken file
// found after the call would cost the call's preset.
func (m *callMemory) check() error {
	if m.SavePreset != "" {
		if err := history.ValidPresetName(m.SavePreset); err != nil {
			return usage.Errorf("--save-preset: %v", err)
		}
	}
	if m.Preset == "" && m.SavePreset == "" {
		return nil
	}
	store, err := m.Store()
	if err == nil {
		_, err = store.Presets.List("", "")
	}
	switch {
	case err == nil:
		return nil
	case m.SavePreset != "":
		return usage.Errorf("save preset %q: %w", m.SavePreset, err)
	}
	return usage.Errorf("--preset %s: %w", m.Preset, err)
}

// sentCall is one call as `call` made it, for the history.
type sentCall struct {
	Info      client.ServerInfo
	Tool      string
	Arguments []byte
	Started   time.Time
	Result    *client.CallResult
	Verdict   *check.OutputVerdict
	Err       error
}

// server is the history's name for the server c was made on.
func (c sentCall) server(t target.Target) history.Server {
	srv := history.ServerOf(t)
	srv.Reported, srv.Version = c.Info.Name, c.Info.Version
	return srv
}

// record is c, made on srv, as history keeps it.
func (c sentCall) record(srv history.Server) history.Record {
	r := history.Record{
		V: history.RecordVersion, Time: c.Started.UTC(), Server: srv, Tool: c.Tool,
		Arguments: json.RawMessage(c.Arguments), Era: c.Info.Era,
		ProtocolVersion: c.Info.ProtocolVersion, From: "cli",
		DurationMs: time.Since(c.Started).Milliseconds(),
	}
	if c.Result != nil {
		r.Result, r.IsError, r.DurationMs = c.Result.Raw, c.Result.IsError, c.Result.Duration.Milliseconds()
	}
	if c.Verdict != nil {
		r.Output = outputOf(*c.Verdict)
	}
	if c.Err != nil {
		r.Error, r.Cancelled = c.Err.Error(), errors.Is(c.Err, client.ErrCancelled)
	}
	return r
}

// outputOf is the verdict as history keeps it: each violation in words,
// after the pointer it is at.
func outputOf(v check.OutputVerdict) *history.Output {
	return &history.Output{Checked: v.Checked, Valid: v.Valid, Errors: v.Messages()}
}

// remember appends the call to the history and saves --save-preset. A
// history that cannot be written is a warning, never a failed call; a
// preset asked for and not saved is an error.
func (m *callMemory) remember(st *iostreams.Streams, srv reach.Server, c sentCall) error {
	if m.NoHistory && m.SavePreset == "" {
		return nil
	}
	store, err := m.Store()
	if err != nil {
		if m.SavePreset != "" {
			return fmt.Errorf("save preset %q: %w", m.SavePreset, err)
		}
		warnNoHistory(st, err)
		return nil
	}
	hsrv := c.server(srv.Target)
	if !m.NoHistory {
		if err := memory.AppendScrubbed(store, srv.Secrets, c.record(hsrv)); err != nil {
			warnNoHistory(st, err)
		}
	}
	if m.SavePreset == "" {
		return nil
	}
	args, ok := srv.Secrets.ScrubJSON(c.Arguments)
	if !ok {
		return fmt.Errorf("save preset %q: %w", m.SavePreset, memory.ErrSecretOutsideString)
	}
	return store.Presets.Save(hsrv, c.Tool, m.SavePreset, args)
}

// warnNoHistory is the one line said when the history cannot be written.
func warnNoHistory(st *iostreams.Streams, err error) {
	fmt.Fprintf(st.Err, "toolbench: warning: the call is not in the history: %v\n", err)
}

// withSaveErr is the call's outcome err, joined by a --save-preset that
// failed; err alone, as it was, when the preset was saved.
func withSaveErr(err, saveErr error) error {
	if saveErr == nil {
		return err
	}
	if err == nil {
		return saveErr
	}
	return errors.Join(err, saveErr)
}
