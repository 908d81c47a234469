package armfake

import (
	"encoding/json"
	"net/http"
)

// armError is ARM's error body: {"error": {"code", "message", "target", "details"}}.
type armError struct {
	Code    string     `json:"code"`
	Message string     `json:"message"`
	Target  string     `json:"target,omitempty"`
	Details []armError `json:"details,omitempty"`
}

type errorEnvelope struct {
	Error armError `json:"error"`
}

// writeError answers with ARM's error envelope.
func writeError(w http.ResponseWriter, status int, code, message string) {
	writeErrorBody(w, status, armError{Code: code, Message: message})
}

func writeErrorBody(w http.ResponseWriter, status int, e armError) {
	writeJSON(w, status, errorEnvelope{Error: e})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(data)
}
