package org.drtstudio.farm;

import java.util.List;

/** Runs a command that answers and one that complains through {@link SlurmClient}, in a JVM of its own ({@link SlurmClientTest}). */
final class SlurmClientProbe {
    private SlurmClientProbe() {
    }

    public static void main(String[] args) {
        SlurmClient client = new SlurmClient();
        try {
            System.out.println("ran: " + client.run(List.of("sh", "-c", "echo job 41")).strip());
        } catch (FarmException e) {
            System.out.println("failed: " + e.getMessage());
        }
        try {
            client.run(List.of("sh", "-c", "echo 'sh: error: Invalid --time specification' >&2; exit 1"));
            System.out.println("ran");
        } catch (FarmException e) {
            System.out.println("failed: " + e.getMessage());
        }
    }
}
