package httpstatus

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestWriterKeepsTheFirstStatus(t *testing.T) {
	cases := []struct {
		name  string
		write func(w http.ResponseWriter)
		want  int
	}{
		{"header", func(w http.ResponseWriter) { w.WriteHeader(http.StatusAccepted) }, http.StatusAccepted},
		{"body alone", func(w http.ResponseWriter) { _, _ = w.Write([]byte("{}")) }, http.StatusOK},
		{"header then body", func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte("{}"))
		}, http.StatusNotFound},
		{"nothing", func(http.ResponseWriter) {}, 0},
	}
	for _, c := range cases {
		rec := httptest.NewRecorder()
		w := &Writer{ResponseWriter: rec}
		c.write(w)
		if w.Status != c.want {
			t.Errorf("%s: kept %d, want %d", c.name, w.Status, c.want)
		}
		if c.want != 0 && rec.Code != c.want {
			t.Errorf("%s: the answer went out as %d, want %d", c.name, rec.Code, c.want)
		}
	}
}
