package example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The client check around a partner's JUnit 5 tests: @BeforeAll starts the standalone executable
 * and waits for its ready file, the tests run their client against the sandbox, @AfterAll stops it
 * and fails when the check failed (its exit code). The client here is a few lines of
 * java.net.http; yours is your own, configured with the sandbox's URLs.
 */
class ClientCheckTest {
  static Process check;
  static Map<String, String> sandbox = new HashMap<>();
  static final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  static void startClientCheck() throws Exception {
    String exe = System.getenv().getOrDefault("PVH_CLIENT_CHECK", "./pvh-client-check");
    Path ready = Files.createTempDirectory("client-check").resolve("ready");
    // Arm the scenarios your tests expect with "--scenario", NAME; --strict makes SHOULD rules count too.
    check = new ProcessBuilder(exe, "--port-base", "0", "--ready-file", ready.toString(), "--strict").inheritIO().start();
    for (long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); !Files.exists(ready); Thread.sleep(100)) {
      if (System.nanoTime() > end || !check.isAlive()) throw new IllegalStateException("the client check did not get ready");
    }
    for (String line : Files.readAllLines(ready, StandardCharsets.UTF_8)) {
      int eq = line.indexOf('=');
      if (eq > 0) sandbox.put(line.substring(0, eq), line.substring(eq + 1));
    }
  }

  @AfterAll
  static void stopClientCheck() throws Exception {
    // Stopping makes the check judge what it recorded and write reports/client/ (junit.xml for CI).
    http.send(HttpRequest.newBuilder(URI.create(sandbox.get("CLIENT_CHECK_CONTROL_URL") + "/stop")).POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
    assertEquals(0, check.waitFor(), "the client check failed: see reports/client/SUMMARY.md");
  }

  static String form(String... pairs) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < pairs.length; i += 2) {
      if (out.length() > 0) out.append('&');
      out.append(URLEncoder.encode(pairs[i], StandardCharsets.UTF_8)).append('=').append(URLEncoder.encode(pairs[i + 1], StandardCharsets.UTF_8));
    }
    return out.toString();
  }

  @Test
  void readsACertificate() throws IOException, InterruptedException {
    HttpRequest tokenRequest = HttpRequest.newBuilder(URI.create(sandbox.get("CLIENT_CHECK_AUTH_URL")))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(form("grant_type", "client_credentials", "client_id", sandbox.get("CLIENT_CHECK_CLIENT_ID"), "client_secret", sandbox.get("CLIENT_CHECK_CLIENT_SECRET"))))
        .timeout(Duration.ofSeconds(10)).build();
    HttpResponse<String> token = http.send(tokenRequest, HttpResponse.BodyHandlers.ofString());
    assertEquals(200, token.statusCode(), token.body());
    Matcher m = Pattern.compile("\"access_token\"\\s*:\\s*\"([^\"]+)\"").matcher(token.body());
    m.find();
    String cert = sandbox.get("CLIENT_CHECK_CERTS").split(",")[0];
    HttpRequest read = HttpRequest.newBuilder(URI.create(sandbox.get("CLIENT_CHECK_BASE_URL") + "/api/v1/voucher-certificates/" + cert))
        .header("Authorization", "Bearer " + m.group(1)).GET().build();
    assertEquals(200, http.send(read, HttpResponse.BodyHandlers.discarding()).statusCode());
  }
}
