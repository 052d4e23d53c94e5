package main

import (
	"io"
	"os"
)

// streams are the command's standard streams, injectable so tests can run
// commands in-process and check both terminal and piped behaviour.
type streams struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
	// OutTTY is true when Out is a terminal: server text is then escaped
	// so that it cannot drive the terminal.
	OutTTY bool
	// InTTY and ErrTTY are true when In and Err are terminals: a person is
	// then there to answer a login (see authFlags).
	InTTY, ErrTTY bool
}

func systemStreams() *streams {
	return &streams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr, OutTTY: isTerminal(os.Stdout),
		InTTY: isTerminal(os.Stdin), ErrTTY: isTerminal(os.Stderr)}
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
