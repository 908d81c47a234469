package specsnapshot

import (
	"bytes"
	"testing"
)

func TestWithoutFailures(t *testing.T) {
	var out bytes.Buffer
	w := &withoutFailures{w: &out}
	for _, chunk := range []string{"Receiving objects:  50%\rRecei", "ving objects: 100%\n", "fatal: unable to access 'x'\n", "error: oops\nremote: done\n"} {
		if n, err := w.Write([]byte(chunk)); err != nil || n != len(chunk) {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	if want := "Receiving objects:  50%\rReceiving objects: 100%\nremote: done\n"; out.String() != want {
		t.Errorf("passed on %q, want %q", out.String(), want)
	}
}

func TestGitReason(t *testing.T) {
	for in, want := range map[string]string{
		"fatal: '/x' does not appear to be a git repository\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.\n": "'/x' does not appear to be a git repository",
		"Receiving objects: 10%\rsomething odd happened\r\n": "something odd happened",
		"": "",
	} {
		if got := gitReason(in); got != want {
			t.Errorf("gitReason(%q) = %q, want %q", in, got, want)
		}
	}
}
