// A greeting.
public class Hello {
    public static void main(String[] args) {
        int times = 5;
        System.out.println("Hello");
    }
}
