package genruntime

import "testing"

func TestParseReconcilePolicy(t *testing.T) {
	t.Parallel()

	tests := []struct {
		value   string
		want    ReconcilePolicy
		wantErr bool
	}{
		{value: "", want: ReconcilePolicyManage},
		{value: "manage", want: ReconcilePolicyManage},
		{value: "skip", want: ReconcilePolicySkip},
		{value: "detach-on-delete", want: ReconcilePolicyDetachOnDelete},
		{value: " Skip ", want: ReconcilePolicySkip},
		{value: "DETACH-ON-DELETE", want: ReconcilePolicyDetachOnDelete},
		{value: "delete", wantErr: true},
		{value: "detachOnDelete", wantErr: true},
	}

	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			t.Parallel()

			got, err := ParseReconcilePolicy(tt.value)
			if (err != nil) != tt.wantErr {
				t.Fatalf("ParseReconcilePolicy(%q) error = %v, wantErr %v", tt.value, err, tt.wantErr)
			}

			if got != tt.want {
				t.Errorf("ParseReconcilePolicy(%q) = %q, want %q", tt.value, got, tt.want)
			}
		})
	}
}
