package ui

import (
	"context"
	"fmt"
	"io"

	tea "charm.land/bubbletea/v2"
)

// Run shows the workbench until the person quits, then closes the session.
func Run(ctx context.Context, connect Connector, opts Options, in io.Reader, out io.Writer) error {
	m := New(connect, opts)
	p := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out))
	m.SetSender(p.Send)
	_, err := p.Run()
	if s := m.Session(); s != nil {
		_ = s.Close()
	}
	if err != nil && ctx.Err() == nil {
		return fmt.Errorf("workbench: %w", err)
	}
	return nil
}
