package stdio

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
)

// Lines hands each non-blank line of in to handle, one at a time and in
// order, until in ends (nil), ctx is cancelled (ctx.Err()), or handle fails
// (its error). what names the input in read errors. A read that is blocked
// when ctx is cancelled stays blocked until in returns.
func Lines(ctx context.Context, in io.Reader, what string, handle func([]byte) error) error {
	lines := make(chan []byte)
	readErr := make(chan error, 1)
	go readLines(ctx, in, lines, readErr)
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				if err := <-readErr; !errors.Is(err, io.EOF) {
					return fmt.Errorf("read %s input: %w", what, err)
				}
				return nil
			}
			if err := handle(line); err != nil {
				return err
			}
		}
	}
}

// readLines sends each non-blank line of in to lines, then closes lines after
// reporting why reading stopped.
func readLines(ctx context.Context, in io.Reader, lines chan<- []byte, readErr chan<- error) {
	defer close(lines)
	r := bufio.NewReader(in)
	for {
		line, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			select {
			case lines <- line:
			case <-ctx.Done():
				readErr <- ctx.Err()
				return
			}
		}
		if err != nil {
			readErr <- err
			return
		}
	}
}
