package render

import "strings"

// tab is what a tab becomes. A raw tab's width depends on where the
// terminal's tab stops fall, which a layout cannot know; four spaces is what
// lipgloss turns a tab into, so wrapped text and styled text agree.
const tab = "    "

// Wrap word-wraps text to width display cells and returns one string per
// row. Widths are measured as lipgloss.Width measures them: escape sequences
// take no room and East Asian wide characters take two cells. Words longer
// than the width are broken where the row is full; spaces where a row breaks
// are dropped, but a line's leading indentation is kept. Blank lines are kept
// (a trailing newline yields a final empty row), and tabs become four spaces.
// width <= 0 splits lines without wrapping.
//
// Wrap does not escape: pass server text through termsafe.Text first. Rows
// are substrings of text wherever possible, so wrapping 20 MB allocates
// little beyond the slice of rows. A style opened by an escape sequence is
// not closed and reopened at a break.
func Wrap(text string, width int) []string {
	rows := make([]string, 0, strings.Count(text, "\n")+1)
	for line := range strings.SplitSeq(text, "\n") {
		if strings.IndexByte(line, '\t') >= 0 {
			line = strings.ReplaceAll(line, "\t", tab)
		}
		rows = wrapLine(rows, line, width)
	}
	return rows
}

// wrapLine appends the rows of one line. It is a single greedy pass: brk is
// where the word after the latest space starts, so a row that overflows
// goes back to it in O(1) instead of rescanning.
func wrapLine(rows []string, line string, width int) []string {
	if width <= 0 || fitsASCII(line, width) {
		return append(rows, line)
	}
	var (
		start, col    int     // current row: its first byte, its width so far
		brk, brkCol   = -1, 0 // latest break point and the width before it
		sawWord, wrap bool    // a word on this row; a row already ended here
	)
	for i := 0; i < len(line); {
		n, w := step(line, i)
		switch {
		case w == 0:
			// Escape sequences and zero-width marks stay with their row.
		case line[i] == ' ' && wrap && !sawWord && start == i:
			start = i + n // spaces where a row broke are dropped
		case line[i] == ' ':
			if col+w > width {
				rows = append(rows, strings.TrimRight(line[start:i], " "))
				start, col, brk, sawWord, wrap = i+n, 0, -1, false, true
				i += n
				continue
			}
			col += w
			if sawWord {
				brk, brkCol = i+n, col
			}
		default:
			if col+w > width && brk > start {
				rows = append(rows, strings.TrimRight(line[start:brk], " "))
				start, col, brk, wrap = brk, col-brkCol, -1, true
			}
			if col+w > width && i > start {
				rows = append(rows, line[start:i])
				start, col, brk, wrap = i, 0, -1, true
			}
			col += w
			sawWord = true
		}
		i += n
	}
	if start < len(line) || !wrap {
		rows = append(rows, line[start:])
	}
	return rows
}

// fitsASCII is the fast path for the common short, plain line.
func fitsASCII(line string, width int) bool {
	if len(line) > width {
		return false
	}
	for i := 0; i < len(line); i++ {
		if c := line[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}
