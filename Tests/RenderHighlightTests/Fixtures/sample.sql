-- Recent posts.
SELECT title, created FROM posts WHERE views > 100 AND author = 'ada';
